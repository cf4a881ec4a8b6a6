using Grpc.Net.Client;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;

namespace PerfAssert.Targets.Clients.Grpc;

/// <summary>
/// Echoes over the gRPC Echo service with grpc-dotnet's generated client, the list moved in one message or one item per
/// message (see <see cref="GrpcCallShape"/>).
/// </summary>
public sealed class GrpcEchoClient : IEchoClient
{
    private readonly GrpcChannel _channel;
    private readonly Echo.EchoClient _client;
    private readonly GrpcClientOptions _options;
    private readonly GrpcCallShape _shape;

    /// <param name="address">The server's HTTP/2-only (h2c) endpoint.</param>
    /// <param name="shape">How the list moves.</param>
    /// <param name="options">Channel and call settings; <see langword="null"/> for the defaults.</param>
    public GrpcEchoClient(Uri address, GrpcCallShape shape, GrpcClientOptions? options = null)
    {
        if (!Enum.IsDefined(shape))
        {
            throw new ArgumentOutOfRangeException(nameof(shape), shape, "Not a gRPC call shape.");
        }

        _options = options ?? new GrpcClientOptions();
        _channel = _options.CreateChannel(address);
        _client = new Echo.EchoClient(_channel);
        _shape = shape;
    }

    public string Name => _shape switch
    {
        GrpcCallShape.Unary => GrpcStacks.UnaryId,
        GrpcCallShape.ServerStreaming => GrpcStacks.ServerStreamingId,
        _ => GrpcStacks.ClientStreamingId,
    };

    public async Task<List<SmallItem>> EchoSmallAsync(List<SmallItem> items, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(items);
        var call = _options.Call(cancellationToken);
        return _shape switch
        {
            GrpcCallShape.Unary => ProtoMapping.ToContract(await _client.EchoSmallAsync(ProtoMapping.ToProto(items), call).ConfigureAwait(false)),
            GrpcCallShape.ServerStreaming => await GrpcCalls.ReadAllAsync(_client.EchoSmallServerStream(ProtoMapping.ToProto(items), call), ProtoMapping.ToContract, cancellationToken).ConfigureAwait(false),
            _ => ProtoMapping.ToContract(await GrpcCalls.WriteAllAsync(_client.EchoSmallClientStream(call), items.Select(ProtoMapping.ToProto), cancellationToken).ConfigureAwait(false)),
        };
    }

    public async Task<List<LargeItem>> EchoLargeAsync(List<LargeItem> items, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(items);
        var call = _options.Call(cancellationToken);
        return _shape switch
        {
            GrpcCallShape.Unary => ProtoMapping.ToContract(await _client.EchoLargeAsync(ProtoMapping.ToProto(items), call).ConfigureAwait(false)),
            GrpcCallShape.ServerStreaming => await GrpcCalls.ReadAllAsync(_client.EchoLargeServerStream(ProtoMapping.ToProto(items), call), ProtoMapping.ToContract, cancellationToken).ConfigureAwait(false),
            _ => ProtoMapping.ToContract(await GrpcCalls.WriteAllAsync(_client.EchoLargeClientStream(call), items.Select(ProtoMapping.ToProto), cancellationToken).ConfigureAwait(false)),
        };
    }

    public ValueTask DisposeAsync()
    {
        _channel.Dispose();
        return ValueTask.CompletedTask;
    }
}
