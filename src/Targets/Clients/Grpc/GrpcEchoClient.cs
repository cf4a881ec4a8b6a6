using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;
using PerfAssert.Targets.Services.Grpc;

namespace PerfAssert.Targets.Clients.Grpc;

/// <summary>Echoes over the gRPC Echo service, the list moved in one message or one item per message (see <see cref="GrpcCallShape"/>).</summary>
public sealed class GrpcEchoClient : IEchoClient
{
    private readonly GrpcClientChannel _channel;
    private readonly GrpcCallShape _shape;

    /// <param name="address">The server's HTTP/2-only (h2c) endpoint.</param>
    /// <param name="shape">How the list moves.</param>
    /// <param name="options">Deadline and size limits; <see langword="null"/> for the defaults.</param>
    public GrpcEchoClient(Uri address, GrpcCallShape shape, GrpcClientOptions? options = null)
    {
        if (!Enum.IsDefined(shape))
        {
            throw new ArgumentOutOfRangeException(nameof(shape), shape, "Not a gRPC call shape.");
        }

        _channel = new GrpcClientChannel(address, options);
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
        return _shape switch
        {
            GrpcCallShape.Unary => ProtoMapping.ToContract(await _channel.UnaryAsync(GrpcMethods.EchoSmall, ProtoMapping.ToProto(items), cancellationToken).ConfigureAwait(false)),
            GrpcCallShape.ServerStreaming => (await _channel.ServerStreamingAsync(GrpcMethods.EchoSmallServerStream, ProtoMapping.ToProto(items), cancellationToken).ConfigureAwait(false)).Select(ProtoMapping.ToContract).ToList(),
            _ => ProtoMapping.ToContract(await _channel.ClientStreamingAsync(GrpcMethods.EchoSmallClientStream, items.Select(ProtoMapping.ToProto), cancellationToken).ConfigureAwait(false)),
        };
    }

    public async Task<List<LargeItem>> EchoLargeAsync(List<LargeItem> items, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(items);
        return _shape switch
        {
            GrpcCallShape.Unary => ProtoMapping.ToContract(await _channel.UnaryAsync(GrpcMethods.EchoLarge, ProtoMapping.ToProto(items), cancellationToken).ConfigureAwait(false)),
            GrpcCallShape.ServerStreaming => (await _channel.ServerStreamingAsync(GrpcMethods.EchoLargeServerStream, ProtoMapping.ToProto(items), cancellationToken).ConfigureAwait(false)).Select(ProtoMapping.ToContract).ToList(),
            _ => ProtoMapping.ToContract(await _channel.ClientStreamingAsync(GrpcMethods.EchoLargeClientStream, items.Select(ProtoMapping.ToProto), cancellationToken).ConfigureAwait(false)),
        };
    }

    public ValueTask DisposeAsync()
    {
        _channel.Dispose();
        return ValueTask.CompletedTask;
    }
}
