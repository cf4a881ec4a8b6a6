using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;

namespace PerfAssert.Hosting.Server;

/// <summary>
/// Takes the application's root service provider as its pipeline is built. WebApplicationFactory's own
/// <c>Services</c> differs by hosting model and server, and this works the same on Kestrel and TestServer.
/// </summary>
internal sealed class ServicesCapture : IStartupFilter
{
    public IServiceProvider? Services { get; private set; }

    public Action<IApplicationBuilder> Configure(Action<IApplicationBuilder> next) => app =>
    {
        Services = app.ApplicationServices;
        next(app);
    };
}
