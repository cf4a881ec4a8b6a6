using PerfAssert.Targets.Services.Grpc.Core;

namespace PerfAssert.Targets.Services.Grpc.Server;

/// <summary>The limits every gRPC call on the server runs under.</summary>
public sealed record GrpcServerOptions
{
    /// <summary>
    /// The largest request message accepted; a bigger one ends the call with RESOURCE_EXHAUSTED before its body is read.
    /// <value>The default is <see cref="GrpcProtocol.DefaultMaxMessageSize"/> (4 MiB), grpc's own default.</value>
    /// </summary>
    /// <remarks>A client stream's total stays under Kestrel's request body limit (30 MB by default) as well.</remarks>
    public int MaxReceiveMessageSize { get; init; } = GrpcProtocol.DefaultMaxMessageSize;

    /// <summary>
    /// The longest a call may run when the client sends a longer <c>grpc-timeout</c> or none, so a stalled client
    /// cannot hold a call open for ever; the call then ends with DEADLINE_EXCEEDED.
    /// <value>The default is 2 minutes.</value>
    /// </summary>
    public TimeSpan MaxCallDuration { get; init; } = TimeSpan.FromMinutes(2);
}
