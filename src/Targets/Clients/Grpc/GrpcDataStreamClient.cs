using Grpc.Net.Client;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;
using DataRequest = PerfAssert.Targets.Protos.DataRequest;

namespace PerfAssert.Targets.Clients.Grpc;

/// <summary><c>GetDataStream(min, max)</c> with grpc-dotnet's generated client: unary with a <c>repeated</c> field, or server streaming.</summary>
public sealed class GrpcDataStreamClient : IDataStreamClient
{
    private readonly GrpcChannel _channel;
    private readonly DataStream.DataStreamClient _client;
    private readonly GrpcClientOptions _options;
    private readonly GrpcCallShape _shape;

    /// <param name="address">The server's HTTP/2-only (h2c) endpoint.</param>
    /// <param name="shape"><see cref="GrpcCallShape.Unary"/> or <see cref="GrpcCallShape.ServerStreaming"/>.</param>
    /// <param name="options">Channel and call settings; <see langword="null"/> for the defaults.</param>
    public GrpcDataStreamClient(Uri address, GrpcCallShape shape, GrpcClientOptions? options = null)
    {
        if (shape is not (GrpcCallShape.Unary or GrpcCallShape.ServerStreaming))
        {
            throw new ArgumentOutOfRangeException(nameof(shape), shape, "GetDataStream has a unary and a server-streaming form only.");
        }

        _options = options ?? new GrpcClientOptions();
        _channel = _options.CreateChannel(address);
        _client = new DataStream.DataStreamClient(_channel);
        _shape = shape;
    }

    public string Name => _shape == GrpcCallShape.Unary ? GrpcStacks.UnaryId : GrpcStacks.ServerStreamingId;

    public async Task<List<CompositeType>> GetDataStreamAsync(int min, int max, CancellationToken cancellationToken)
    {
        var request = new DataRequest { Min = min, Max = max };
        var call = _options.Call(cancellationToken);
        return _shape == GrpcCallShape.Unary
            ? ProtoMapping.ToContract(await _client.GetDataStreamAsync(request, call).ConfigureAwait(false))
            : await GrpcCalls.ReadAllAsync(_client.GetDataStreamStreaming(request, call), ProtoMapping.ToContract, cancellationToken).ConfigureAwait(false);
    }

    public ValueTask DisposeAsync()
    {
        _channel.Dispose();
        return ValueTask.CompletedTask;
    }
}
