using System.Net;

namespace PerfAssert.Functional.Grpc;

/// <summary>What a hand-made gRPC request got back: the status both where a header and where a trailer would carry it.</summary>
internal sealed record RawGrpcResponse(HttpStatusCode HttpStatus, string? StatusInHeaders, string? StatusInTrailers, string? Message, byte[] Body)
{
    public string? GrpcStatus => StatusInTrailers ?? StatusInHeaders;
}
