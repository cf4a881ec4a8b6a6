using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Clients.Grpc;

/// <summary>The gRPC echo stacks, for tests that loop over every stack. None runs in memory: gRPC needs the h2c socket.</summary>
public static class GrpcStacks
{
    public const string UnaryId = "Grpc.Unary/Protobuf";

    public const string ServerStreamingId = "Grpc.ServerStreaming/Protobuf";

    public const string ClientStreamingId = "Grpc.ClientStreaming/Protobuf";

    public static IReadOnlyList<(string Id, bool SupportsInMemory, Func<TargetEndpoints, IEchoClient> Create)> All { get; } =
    [
        (UnaryId, false, endpoints => new GrpcEchoClient(Http2(endpoints), GrpcCallShape.Unary)),
        (ServerStreamingId, false, endpoints => new GrpcEchoClient(Http2(endpoints), GrpcCallShape.ServerStreaming)),
        (ClientStreamingId, false, endpoints => new GrpcEchoClient(Http2(endpoints), GrpcCallShape.ClientStreaming)),
    ];

    private static Uri Http2(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        return endpoints.Http2 ?? throw new InvalidOperationException("gRPC needs the HTTP/2 (h2c) endpoint of a host on sockets; start the host with InMemory = false.");
    }
}
