using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace PerfAssert.Hosting.Server;

/// <summary>Makes <see cref="LoopbackListenerFactory"/> Kestrel's only transport.</summary>
internal static class LoopbackTransport
{
    public static void Replace(IServiceCollection services)
    {
        // Removing every other transport leaves Kestrel no way around the loopback rule.
        services.RemoveAll<IConnectionListenerFactory>();
        services.AddSingleton<IConnectionListenerFactory>(provider => new LoopbackListenerFactory(
            new SocketTransportFactory(provider.GetRequiredService<IOptions<SocketTransportOptions>>(), provider.GetRequiredService<ILoggerFactory>())));
    }
}
