using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;
using PerfAssert.Targets.Services.Grpc;

namespace PerfAssert.Targets.Clients.Grpc;

/// <summary><c>GetDataStream(min, max)</c> over gRPC: unary with a <c>repeated</c> field, or server streaming.</summary>
public sealed class GrpcDataStreamClient : IDataStreamClient
{
    private readonly GrpcClientChannel _channel;
    private readonly GrpcCallShape _shape;

    /// <param name="address">The server's HTTP/2-only (h2c) endpoint.</param>
    /// <param name="shape"><see cref="GrpcCallShape.Unary"/> or <see cref="GrpcCallShape.ServerStreaming"/>.</param>
    /// <param name="options">Deadline and size limits; <see langword="null"/> for the defaults.</param>
    public GrpcDataStreamClient(Uri address, GrpcCallShape shape, GrpcClientOptions? options = null)
    {
        if (shape is not (GrpcCallShape.Unary or GrpcCallShape.ServerStreaming))
        {
            throw new ArgumentOutOfRangeException(nameof(shape), shape, "GetDataStream has a unary and a server-streaming form only.");
        }

        _channel = new GrpcClientChannel(address, options);
        _shape = shape;
    }

    public string Name => _shape == GrpcCallShape.Unary ? GrpcStacks.UnaryId : GrpcStacks.ServerStreamingId;

    public async Task<List<CompositeType>> GetDataStreamAsync(int min, int max, CancellationToken cancellationToken)
    {
        var request = new Protos.DataRequest { Min = min, Max = max };
        return _shape == GrpcCallShape.Unary
            ? ProtoMapping.ToContract(await _channel.UnaryAsync(GrpcMethods.GetDataStream, request, cancellationToken).ConfigureAwait(false))
            : (await _channel.ServerStreamingAsync(GrpcMethods.GetDataStreamStreaming, request, cancellationToken).ConfigureAwait(false)).Select(ProtoMapping.ToContract).ToList();
    }

    public ValueTask DisposeAsync()
    {
        _channel.Dispose();
        return ValueTask.CompletedTask;
    }
}
