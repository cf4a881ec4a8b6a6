using System.Net;
using Microsoft.AspNetCore.Connections;

namespace PerfAssert.Hosting.Server;

/// <summary>
/// Kestrel's socket transport with one rule added: it refuses, before any socket exists, to bind an IP address outside
/// loopback, whoever asked for it (the host, the application's code, its <c>Kestrel:Endpoints</c> configuration or
/// <c>ASPNETCORE_URLS</c>). A test host that listened on every interface would expose the service under test.
/// </summary>
internal sealed class LoopbackListenerFactory(IConnectionListenerFactory sockets) : IConnectionListenerFactory, IConnectionListenerFactorySelector
{
    public bool CanBind(EndPoint endpoint) => true;

    public ValueTask<IConnectionListener> BindAsync(EndPoint endpoint, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        if (endpoint is IPEndPoint ip && !IPAddress.IsLoopback(ip.Address))
        {
            throw new InvalidOperationException(
                $"The application asked to listen on {ip}, outside loopback. A service host listens only on 127.0.0.1 or [::1]: " +
                "remove the binding (Kestrel:Endpoints, ASPNETCORE_URLS, UseUrls or ConfigureKestrel Listen calls) from the test set-up.");
        }

        return sockets.BindAsync(endpoint, cancellationToken);
    }
}
