using PerfAssert.Targets.Services.Grpc.Core;

namespace PerfAssert.Targets.Clients.Grpc;

/// <summary>The limits every call of a gRPC client runs under.</summary>
public sealed record GrpcClientOptions
{
    /// <summary>
    /// How long a call may take; sent as <c>grpc-timeout</c> so the server gives up too.
    /// <value>The default is 30 seconds.</value>
    /// </summary>
    public TimeSpan Deadline { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// The largest response message accepted; a bigger one fails the call with RESOURCE_EXHAUSTED.
    /// <value>The default is <see cref="GrpcProtocol.DefaultMaxMessageSize"/> (4 MiB), grpc's own default.</value>
    /// </summary>
    public int MaxReceiveMessageSize { get; init; } = GrpcProtocol.DefaultMaxMessageSize;

    /// <summary>
    /// Whether a client-streaming call flushes after every request message, as grpc-dotnet's client does
    /// (<c>HttpContentClientStreamWriter</c> flushes after each write, whatever the write options): each message is then
    /// its own HTTP/2 DATA frame and socket write. <see langword="false"/> writes them all and flushes once, which only
    /// the reference suite's client-streaming experiment uses, to show what the per-message flush costs.
    /// <value>The default is <see langword="true"/>.</value>
    /// </summary>
    public bool FlushEachMessage { get; init; } = true;
}
