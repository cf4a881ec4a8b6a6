using Microsoft.AspNetCore.Connections;
using Microsoft.Extensions.DependencyInjection.Extensions;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Services.AspNetCore;

/// <summary>ASP.NET Core MVC controllers in the role of classic ASP.NET Web API: Newtonsoft JSON and DataContract XML.</summary>
public sealed class AspNetCoreControllersModule : ITargetModule
{
    public string Name => "ASP.NET Core controllers (Web API role: Newtonsoft JSON, DataContract XML)";

    public IReadOnlyDictionary<string, Action<IConnectionBuilder>> TcpProtocols { get; } = new Dictionary<string, Action<IConnectionBuilder>>();

    public void ConfigureServices(IServiceCollection services)
    {
        services.TryAddSingleton(TimeProvider.System);
        services.AddTargetControllers(typeof(EchoController), typeof(ThroughputController));
    }

    public void MapEndpoints(IEndpointRouteBuilder endpoints) => endpoints.MapControllers();

    public IEnumerable<string> Describe(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        yield return $"POST {endpoints.Http}{EchoController.RoutePrefix}/small|large  (application/json Newtonsoft or application/xml DataContract, by Content-Type and Accept; body <= {RequestLimits.MaxBodyBytes} bytes)";
        yield return $"GET  {endpoints.Http}{ThroughputController.RoutePrefix}/time, POST {endpoints.Http}{ThroughputController.RoutePrefix}/echo|echo-chunked  (the REST throughput experiment on controllers)";
    }
}
