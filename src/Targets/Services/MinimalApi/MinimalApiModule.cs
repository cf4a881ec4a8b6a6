using Microsoft.AspNetCore.Connections;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Services.MinimalApi;

/// <summary>Minimal API echo endpoints with System.Text.Json.</summary>
public sealed class MinimalApiModule : ITargetModule
{
    public string Name => "Minimal API (System.Text.Json)";

    public IReadOnlyDictionary<string, Action<IConnectionBuilder>> TcpProtocols { get; } = new Dictionary<string, Action<IConnectionBuilder>>();

    public void ConfigureServices(IServiceCollection services)
    {
    }

    public void MapEndpoints(IEndpointRouteBuilder endpoints) => endpoints.MapMinimalApiEcho();

    public IEnumerable<string> Describe(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        yield return $"POST {endpoints.Http}{MinimalApiEndpoints.Prefix.TrimStart('/')}/small|large  (application/json, System.Text.Json)";
    }
}
