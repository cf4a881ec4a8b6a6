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

    public const string AcceptEncodingHeader = "grpc-accept-encoding";

    /// <summary>No compression: the only message encoding this stand-in speaks.</summary>
    public const string IdentityEncoding = "identity";

    /// <summary>A compressed flag byte and a 4-byte big-endian length before every message.</summary>
    public const int FrameHeaderSize = 5;

    /// <summary>
    /// The largest message either side accepts unless told otherwise: 4 MiB, grpc's default receive limit. The
    /// reference's largest payload, Large-1000, frames to 336 KB and the 5,000 todos to 283 KB (measured), so the
    /// default holds them more than ten times over; a bigger message ends the call with RESOURCE_EXHAUSTED.
    /// </summary>
    public const int DefaultMaxMessageSize = 4 * 1024 * 1024;
}
