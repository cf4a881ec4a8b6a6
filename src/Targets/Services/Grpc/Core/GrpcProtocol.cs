namespace PerfAssert.Targets.Services.Grpc.Core;

/// <summary>The names and sizes of the gRPC-over-HTTP/2 wire protocol this stand-in speaks.</summary>
public static class GrpcProtocol
{
    /// <summary>The only content type served: protobuf messages, uncompressed.</summary>
    public const string ContentType = "application/grpc";

    public const string StatusHeader = "grpc-status";

    public const string MessageHeader = "grpc-message";

    public const string TimeoutHeader = "grpc-timeout";

    public const string EncodingHeader = "grpc-encoding";

    /// <summary>A compressed flag byte and a 4-byte big-endian length before every message.</summary>
    public const int FrameHeaderSize = 5;

    /// <summary>
    /// The largest message either side accepts unless told otherwise: 4 MiB, grpc's default receive limit. The
    /// reference's largest payload, Large-1000, frames to about 0.5 MB and the 5,000 todos to about 0.3 MB, so the
    /// default holds them with room to spare; a bigger message ends the call with RESOURCE_EXHAUSTED.
    /// </summary>
    public const int DefaultMaxMessageSize = 4 * 1024 * 1024;
}
