using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;
using PerfAssert.Targets.Services.Grpc.Server;
using PerfAssert.Targets.Services.Todos;

namespace PerfAssert.Targets.Services.Grpc;

/// <summary>
/// The todos service of todos.proto over the host's shared <see cref="TodoStore"/> (the same
/// <see cref="PayloadGenerator.TodoCollectionSize"/> items REST and SOAP serve). The collection is held as C# contracts
/// and mapped on every call, as the other stacks serialize it on every call; received items are mapped into contracts
/// and counted by the store, not stored, so the collection never changes.
/// </summary>
public sealed class TodosGrpcService(TodoStore store)
{
    public void Map(IEndpointRouteBuilder endpoints, GrpcServerOptions options)
    {
        endpoints.MapGrpcUnary(GrpcMethods.TodosGet, options, (_, _) => ToProto(store.Items));
        endpoints.MapGrpcUnary(GrpcMethods.TodosFirst, options, (_, _) => ProtoMapping.ToProto(store.First));
        endpoints.MapGrpcUnary(GrpcMethods.TodosSend, options, (request, _) => new SendReply { Count = store.Receive(ProtoMapping.ToContract(request)) });
        endpoints.MapGrpcUnary(GrpcMethods.TodosSendOne, options, (request, _) => new SendOneReply { Id = store.ReceiveOne(ProtoMapping.ToContract(request)) });
        endpoints.MapGrpcServerStreaming(GrpcMethods.TodosGetStreaming, options, (_, _) => store.Items.Select(ProtoMapping.ToProto));
        endpoints.MapGrpcClientStreaming(GrpcMethods.TodosSendStreaming, options, async (requests, cancellationToken) =>
        {
            var count = 0;
            await foreach (var message in requests.WithCancellation(cancellationToken).ConfigureAwait(false))
            {
                _ = store.ReceiveOne(ProtoMapping.ToContract(message));
                count++;
            }

            return new SendReply { Count = count };
        });
    }

    private static TodoList ToProto(IReadOnlyList<TodoItem> items)
    {
        var list = new TodoList();
        list.Items.Add(items.Select(ProtoMapping.ToProto));
        return list;
    }
}
