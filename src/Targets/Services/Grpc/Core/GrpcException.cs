namespace PerfAssert.Targets.Services.Grpc.Core;

/// <summary>A gRPC call that ended with a status other than OK, on either side of the wire.</summary>
public sealed class GrpcException : Exception
{
    public GrpcException(GrpcStatusCode statusCode, string detail, Exception? innerException = null)
        : base($"gRPC status {statusCode} ({(int)statusCode}): {detail}", innerException)
    {
        StatusCode = statusCode;
        Detail = detail;
    }

    /// <summary>The status, as sent or received in <c>grpc-status</c>.</summary>
    public GrpcStatusCode StatusCode { get; }

    /// <summary>The human-readable detail, as sent or received in <c>grpc-message</c>.</summary>
    public string Detail { get; }
}
