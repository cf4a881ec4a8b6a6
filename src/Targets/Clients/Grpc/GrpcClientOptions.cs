using Grpc.Core;
using Grpc.Net.Client;

namespace PerfAssert.Targets.Clients.Grpc;

/// <summary>
/// Every setting of the gRPC clients' <see cref="GrpcChannel"/> and calls, in one place. What is not here is
/// grpc-dotnet's default: its own <c>SocketsHttpHandler</c> over h2c (HTTP/2 with prior knowledge for an
/// <c>http://</c> address), 4 MiB message limits, no retries, no compression.
/// </summary>
public sealed record GrpcClientOptions
{
    /// <summary>
    /// How long a call may take, set on every call (grpc-dotnet has no channel-wide deadline, and a call without one
    /// can wait for ever); sent as <c>grpc-timeout</c> so the server gives up too.
    /// <value>The default is 30 seconds.</value>
    /// </summary>
    public TimeSpan Deadline { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// The handler the channel sends through instead of its own <c>SocketsHttpHandler</c>: TestServer's handler for a
    /// host running in memory (<see cref="Hosting.TargetEndpoints.InMemoryHandler"/>). The channel does not dispose it.
    /// <value>The default is <see langword="null"/>: grpc-dotnet's own handler, over sockets.</value>
    /// </summary>
    public HttpMessageHandler? HttpHandler { get; init; }

    /// <summary>A channel to <paramref name="address"/> with these settings.</summary>
    public GrpcChannel CreateChannel(Uri address)
    {
        ArgumentNullException.ThrowIfNull(address);
        return GrpcChannel.ForAddress(address, new GrpcChannelOptions { HttpHandler = HttpHandler });
    }

    /// <summary>The options of one call: this deadline, and <paramref name="cancellationToken"/>.</summary>
    public CallOptions Call(CancellationToken cancellationToken) => new(deadline: DateTime.UtcNow + Deadline, cancellationToken: cancellationToken);
}
