using Google.Protobuf.WellKnownTypes;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;
using PerfAssert.Targets.Services.Grpc;

namespace PerfAssert.Targets.Clients.Grpc;

/// <summary>The operations experiment over the gRPC Todos service, with its two streaming operations as well.</summary>
public sealed class GrpcTodoClient : ITodoClient
{
    private static readonly Empty EmptyRequest = new();

    private readonly GrpcClientChannel _channel;

    /// <param name="address">The server's HTTP/2-only (h2c) endpoint.</param>
    /// <param name="options">Deadline and size limits; <see langword="null"/> for the defaults.</param>
    public GrpcTodoClient(Uri address, GrpcClientOptions? options = null) => _channel = new GrpcClientChannel(address, options);

    public string Name => "Grpc/Protobuf";

    public async Task<List<TodoItem>> GetAsync(CancellationToken cancellationToken) =>
        ProtoMapping.ToContract(await _channel.UnaryAsync(GrpcMethods.TodosGet, EmptyRequest, cancellationToken).ConfigureAwait(false));

    public async Task<TodoItem> FirstAsync(CancellationToken cancellationToken) =>
        ProtoMapping.ToContract(await _channel.UnaryAsync(GrpcMethods.TodosFirst, EmptyRequest, cancellationToken).ConfigureAwait(false));

    public async Task<int> SendAsync(List<TodoItem> items, CancellationToken cancellationToken) =>
        (await _channel.UnaryAsync(GrpcMethods.TodosSend, ProtoMapping.ToProto(items), cancellationToken).ConfigureAwait(false)).Count;

    public async Task<int> SendOneAsync(TodoItem item, CancellationToken cancellationToken) =>
        (await _channel.UnaryAsync(GrpcMethods.TodosSendOne, ProtoMapping.ToProto(item), cancellationToken).ConfigureAwait(false)).Id;

    /// <summary>Gets the whole collection, one item per response message.</summary>
    public async Task<List<TodoItem>> GetStreamingAsync(CancellationToken cancellationToken) =>
        (await _channel.ServerStreamingAsync(GrpcMethods.TodosGetStreaming, EmptyRequest, cancellationToken).ConfigureAwait(false)).Select(ProtoMapping.ToContract).ToList();

    /// <summary>Sends a collection one item per request message; the server answers with how many it received.</summary>
    public async Task<int> SendStreamingAsync(List<TodoItem> items, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(items);
        return (await _channel.ClientStreamingAsync(GrpcMethods.TodosSendStreaming, items.Select(ProtoMapping.ToProto), cancellationToken).ConfigureAwait(false)).Count;
    }

    public ValueTask DisposeAsync()
    {
        _channel.Dispose();
        return ValueTask.CompletedTask;
    }
}
