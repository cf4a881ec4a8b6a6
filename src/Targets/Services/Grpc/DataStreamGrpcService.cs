using Grpc.Core;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;
using DataRequest = PerfAssert.Targets.Protos.DataRequest;

namespace PerfAssert.Targets.Services.Grpc;

/// <summary>The DataStream service of data_stream.proto: <c>GetDataStream(min, max)</c>, unary and server streaming.</summary>
public sealed class DataStreamGrpcService : DataStream.DataStreamBase
{
    /// <summary>
    /// The most items one call may ask for. The reference asks for 43 (0..42); the cap keeps a request such as
    /// (int.MinValue, int.MaxValue) from making the server build billions of items.
    /// </summary>
    public const int MaxItems = 100_000;

    public override Task<CompositeList> GetDataStream(DataRequest request, ServerCallContext context) =>
        Task.FromResult(ProtoMapping.ToProto(Items(request)));

    public override async Task GetDataStreamStreaming(DataRequest request, IServerStreamWriter<Composite> responseStream, ServerCallContext context)
    {
        ArgumentNullException.ThrowIfNull(responseStream);
        foreach (var item in Items(request))
        {
            await responseStream.WriteAsync(ProtoMapping.ToProto(item), context.CancellationToken).ConfigureAwait(false);
        }
    }

    private static List<CompositeType> Items(DataRequest request)
    {
        ArgumentNullException.ThrowIfNull(request);
        var count = (long)request.Max - request.Min + 1;
        if (count is < 0 or > MaxItems)
        {
            throw new RpcException(new Status(StatusCode.InvalidArgument, $"GetDataStream({request.Min}, {request.Max}) asks for {count} items; it takes 0 to {MaxItems}."));
        }

        // max = min - 1 is the empty range; the generator wants max >= min.
        return count == 0 ? [] : PayloadGenerator.Composite(request.Min, request.Max);
    }
}
