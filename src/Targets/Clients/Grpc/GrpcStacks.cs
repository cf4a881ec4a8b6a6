using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Clients.Grpc;

/// <summary>The gRPC echo stacks, for tests that loop over every stack. None runs in memory: gRPC needs the h2c socket.</summary>
public static class GrpcStacks
{
    public const string UnaryId = "Grpc.Unary/Protobuf";

    public const string ServerStreamingId = "Grpc.ServerStreaming/Protobuf";

    public const string ClientStreamingId = "Grpc.ClientStreaming/Protobuf";

    public static IReadOnlyList<EchoStack> All { get; } =
    [
        new(UnaryId, false, endpoints => new GrpcEchoClient(Http2(endpoints), GrpcCallShape.Unary)),
        new(ServerStreamingId, false, endpoints => new GrpcEchoClient(Http2(endpoints), GrpcCallShape.ServerStreaming)),
        new(ClientStreamingId, false, endpoints => new GrpcEchoClient(Http2(endpoints), GrpcCallShape.ClientStreaming)),
    ];

    private static Uri Http2(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        return endpoints.Http2 ?? throw new InvalidOperationException("gRPC needs the HTTP/2 (h2c) endpoint of a host on sockets; start the host with InMemory = false.");
    }
}
