using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;
using PerfAssert.Targets.Services.Grpc.Core;
using PerfAssert.Targets.Services.Grpc.Server;

namespace PerfAssert.Targets.Services.Grpc;

/// <summary>The <c>GetDataStream(min, max)</c> service of data_stream.proto, unary and server-streaming.</summary>
public static class DataStreamGrpcService
{
    /// <summary>
    /// The most items one call may ask for. The reference asks for 43 (0..42); the cap keeps a request such as
    /// (int.MinValue, int.MaxValue) from making the server build billions of items.
    /// </summary>
    public const int MaxItems = 100_000;

    public static void Map(IEndpointRouteBuilder endpoints, GrpcServerOptions options)
    {
        endpoints.MapGrpcUnary(GrpcMethods.GetDataStream, options, (request, _) => ProtoMapping.ToProto(Items(request)));
        endpoints.MapGrpcServerStreaming(GrpcMethods.GetDataStreamStreaming, options, (request, _) => Items(request).Select(ProtoMapping.ToProto));
    }

    private static List<CompositeType> Items(Protos.DataRequest request)
    {
        var count = (long)request.Max - request.Min + 1;
        if (count is < 0 or > MaxItems)
        {
            throw new GrpcException(GrpcStatusCode.InvalidArgument, $"GetDataStream({request.Min}, {request.Max}) asks for {count} items; it takes 0 to {MaxItems}.");
        }

        // max = min - 1 is the empty range; the generator wants max >= min.
        return count == 0 ? [] : PayloadGenerator.Composite(request.Min, request.Max);
    }
}
