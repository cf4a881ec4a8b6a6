using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Clients.Grpc;

/// <summary>
/// The gRPC echo stacks, for tests that loop over every stack. They are measured and matrix-tested over the h2c socket,
/// the path a gRPC user has; the clients also run in memory (<see cref="Target"/>), which <c>tests/Functional/Grpc</c> checks.
/// </summary>
public static class GrpcStacks
{
    public const string UnaryId = "Grpc.Unary/Protobuf";

    public const string ServerStreamingId = "Grpc.ServerStreaming/Protobuf";

    public const string ClientStreamingId = "Grpc.ClientStreaming/Protobuf";

    public static IReadOnlyList<EchoStack> All { get; } =
    [
        new(UnaryId, false, endpoints => Create(endpoints, GrpcCallShape.Unary)),
        new(ServerStreamingId, false, endpoints => Create(endpoints, GrpcCallShape.ServerStreaming)),
        new(ClientStreamingId, false, endpoints => Create(endpoints, GrpcCallShape.ClientStreaming)),
    ];

    /// <summary>
    /// Where a gRPC client reaches a host's services: the h2c endpoint over sockets, or in memory the HTTP address with
    /// TestServer's handler as the channel's handler.
    /// </summary>
    public static (Uri Address, GrpcClientOptions Options) Target(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        if (endpoints.Http2 is { } http2)
        {
            return (http2, new GrpcClientOptions());
        }

        return endpoints.InMemoryHandler is { } handler
            ? (endpoints.Http, new GrpcClientOptions { HttpHandler = handler })
            : throw new InvalidOperationException("gRPC needs the HTTP/2 (h2c) endpoint of a host on sockets, or the handler of a host in memory.");
    }

    private static GrpcEchoClient Create(TargetEndpoints endpoints, GrpcCallShape shape)
    {
        var (address, options) = Target(endpoints);
        return new GrpcEchoClient(address, shape, options);
    }
}
