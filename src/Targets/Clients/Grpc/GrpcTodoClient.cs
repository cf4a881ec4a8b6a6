using Google.Protobuf.WellKnownTypes;
using Grpc.Net.Client;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;

namespace PerfAssert.Targets.Clients.Grpc;

/// <summary>The operations experiment with grpc-dotnet's generated Todos client, with its two streaming operations as well.</summary>
public sealed class GrpcTodoClient : ITodoClient
{
    private static readonly Empty EmptyRequest = new();

    private readonly GrpcChannel _channel;
    private readonly Protos.Todos.TodosClient _client;
    private readonly GrpcClientOptions _options;

    /// <param name="address">The server's HTTP/2-only (h2c) endpoint.</param>
    /// <param name="options">Channel and call settings; <see langword="null"/> for the defaults.</param>
    public GrpcTodoClient(Uri address, GrpcClientOptions? options = null)
    {
        _options = options ?? new GrpcClientOptions();
        _channel = _options.CreateChannel(address);
        _client = new Protos.Todos.TodosClient(_channel);
    }

    public string Name => "Grpc/Protobuf";

    public async Task<List<TodoItem>> GetAsync(CancellationToken cancellationToken) =>
        ProtoMapping.ToContract(await _client.GetAsync(EmptyRequest, _options.Call(cancellationToken)).ConfigureAwait(false));

    public async Task<TodoItem> FirstAsync(CancellationToken cancellationToken) =>
        ProtoMapping.ToContract(await _client.FirstAsync(EmptyRequest, _options.Call(cancellationToken)).ConfigureAwait(false));

    public async Task<int> SendAsync(List<TodoItem> items, CancellationToken cancellationToken) =>
        (await _client.SendAsync(ProtoMapping.ToProto(items), _options.Call(cancellationToken)).ConfigureAwait(false)).Count;

    public async Task<int> SendOneAsync(TodoItem item, CancellationToken cancellationToken) =>
        (await _client.SendOneAsync(ProtoMapping.ToProto(item), _options.Call(cancellationToken)).ConfigureAwait(false)).Id;

    /// <summary>Gets the whole collection, one item per response message.</summary>
    public Task<List<TodoItem>> GetStreamingAsync(CancellationToken cancellationToken) =>
        GrpcCalls.ReadAllAsync(_client.GetStreaming(EmptyRequest, _options.Call(cancellationToken)), ProtoMapping.ToContract, cancellationToken);

    /// <summary>Sends a collection one item per request message; the server answers with how many it received.</summary>
    public async Task<int> SendStreamingAsync(List<TodoItem> items, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(items);
        return (await GrpcCalls.WriteAllAsync(_client.SendStreaming(_options.Call(cancellationToken)), items.Select(ProtoMapping.ToProto), cancellationToken).ConfigureAwait(false)).Count;
    }

    public ValueTask DisposeAsync()
    {
        _channel.Dispose();
        return ValueTask.CompletedTask;
    }
}
