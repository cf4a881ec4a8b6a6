using Google.Protobuf.WellKnownTypes;
using Grpc.Core;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;
using PerfAssert.Targets.Services.Todos;

namespace PerfAssert.Targets.Services.Grpc;

/// <summary>
/// The Todos service of todos.proto over the host's shared <see cref="TodoStore"/> (the same
/// <see cref="PayloadGenerator.TodoCollectionSize"/> items REST and SOAP serve). The collection is held as C# contracts
/// and mapped on every call, as the other stacks serialize it on every call; received items are mapped into contracts
/// and counted by the store, not stored, so the collection never changes.
/// </summary>
public sealed class TodosGrpcService(TodoStore store) : Protos.Todos.TodosBase
{
    public override Task<TodoList> Get(Empty request, ServerCallContext context)
    {
        var list = new TodoList();
        list.Items.Add(store.Items.Select(ProtoMapping.ToProto));
        return Task.FromResult(list);
    }

    public override Task<Todo> First(Empty request, ServerCallContext context) => Task.FromResult(ProtoMapping.ToProto(store.First));

    public override Task<SendReply> Send(TodoList request, ServerCallContext context) =>
        Task.FromResult(new SendReply { Count = store.Receive(ProtoMapping.ToContract(request)) });

    public override Task<SendOneReply> SendOne(Todo request, ServerCallContext context) =>
        Task.FromResult(new SendOneReply { Id = store.ReceiveOne(ProtoMapping.ToContract(request)) });

    public override async Task GetStreaming(Empty request, IServerStreamWriter<Todo> responseStream, ServerCallContext context)
    {
        ArgumentNullException.ThrowIfNull(responseStream);
        foreach (var item in store.Items)
        {
            await responseStream.WriteAsync(ProtoMapping.ToProto(item), context.CancellationToken).ConfigureAwait(false);
        }
    }

    public override async Task<SendReply> SendStreaming(IAsyncStreamReader<Todo> requestStream, ServerCallContext context)
    {
        var count = 0;
        await foreach (var message in requestStream.ReadAllAsync(context.CancellationToken).ConfigureAwait(false))
        {
            _ = store.ReceiveOne(ProtoMapping.ToContract(message));
            count++;
        }

        return new SendReply { Count = count };
    }
}
