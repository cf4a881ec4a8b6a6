using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Mvc.ApplicationParts;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Functional.MessagePack.MvcProbe;

/// <summary>
/// MVC with only <see cref="MessagePackProbeController"/>, so the MessagePack formatters can be tested through
/// the real MVC pipeline ([ApiController] 400s, 415s, Accept negotiation) before the REST module is merged.
/// </summary>
internal sealed class MessagePackMvcProbeModule : ITargetModule
{
    public string Name => "MessagePack MVC probe (tests only)";

    public IReadOnlyDictionary<string, Action<IConnectionBuilder>> TcpProtocols { get; } = new Dictionary<string, Action<IConnectionBuilder>>();

    public void ConfigureServices(IServiceCollection services) =>
        services.AddControllers().ConfigureApplicationPartManager(manager =>
        {
            manager.ApplicationParts.Clear();
            manager.ApplicationParts.Add(new AssemblyPart(typeof(MessagePackProbeController).Assembly));
            foreach (var provider in manager.FeatureProviders.OfType<ControllerFeatureProvider>().ToList())
            {
                manager.FeatureProviders.Remove(provider);
            }

            manager.FeatureProviders.Add(new ProbeControllerFeatureProvider());
        });

    public void MapEndpoints(IEndpointRouteBuilder endpoints) => endpoints.MapControllers();

    public IEnumerable<string> Describe(TargetEndpoints endpoints) => [];
}
