using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;
using PerfAssert.Targets.Services.Grpc.Server;

namespace PerfAssert.Targets.Services.Grpc;

/// <summary>
/// The todos service of todos.proto over a fixed collection of <see cref="PayloadGenerator.TodoCollectionSize"/>
/// items. The collection is held as C# contracts and mapped on every call, as the other stacks serialize it on
/// every call; received items are mapped into contracts and counted, not stored, so the collection never changes.
/// </summary>
public sealed class TodosGrpcService
{
    // Private for now; a shared todo store for every stack may replace it.
    private readonly List<TodoItem> _items = PayloadGenerator.Todos();

    public void Map(IEndpointRouteBuilder endpoints, GrpcServerOptions options)
    {
        endpoints.MapGrpcUnary(GrpcMethods.TodosGet, options, (_, _) => ProtoMapping.ToProto(_items));
        endpoints.MapGrpcUnary(GrpcMethods.TodosFirst, options, (_, _) => ProtoMapping.ToProto(_items[0]));
        endpoints.MapGrpcUnary(GrpcMethods.TodosSend, options, (request, _) => new SendReply { Count = ProtoMapping.ToContract(request).Count });
        endpoints.MapGrpcUnary(GrpcMethods.TodosSendOne, options, (request, _) => new SendOneReply { Id = ProtoMapping.ToContract(request).Id });
        endpoints.MapGrpcServerStreaming(GrpcMethods.TodosGetStreaming, options, (_, _) => _items.Select(ProtoMapping.ToProto));
        endpoints.MapGrpcClientStreaming(GrpcMethods.TodosSendStreaming, options, async (requests, cancellationToken) =>
        {
            var count = 0;
            await foreach (var message in requests.WithCancellation(cancellationToken).ConfigureAwait(false))
            {
                _ = ProtoMapping.ToContract(message);
                count++;
            }

            return new SendReply { Count = count };
        });
    }
}
