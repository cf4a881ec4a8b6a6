namespace PerfAssert.Targets.Services.Grpc.Core;

/// <summary>How many messages each side of a gRPC method sends.</summary>
public enum GrpcMethodType
{
    /// <summary>One request, one response.</summary>
    Unary,

    /// <summary>One request, a stream of responses.</summary>
    ServerStreaming,

    /// <summary>A stream of requests, one response.</summary>
    ClientStreaming,

    /// <summary>Streams both ways (no target uses it yet).</summary>
    DuplexStreaming,
}
