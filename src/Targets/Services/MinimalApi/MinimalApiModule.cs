using Microsoft.AspNetCore.Connections;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.AspNetCore;

namespace PerfAssert.Targets.Services.MinimalApi;

/// <summary>Minimal API echo endpoints with System.Text.Json, Newtonsoft JSON and DataContract XML.</summary>
public sealed class MinimalApiModule : ITargetModule
{
    public string Name => "Minimal API (System.Text.Json, Newtonsoft JSON, DataContract XML)";

    public IReadOnlyDictionary<string, Action<IConnectionBuilder>> TcpProtocols { get; } = new Dictionary<string, Action<IConnectionBuilder>>();

    public void ConfigureServices(IServiceCollection services)
    {
    }

    public void MapEndpoints(IEndpointRouteBuilder endpoints) => endpoints.MapMinimalApiEcho();

    public IEnumerable<string> Describe(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        var limit = $"body <= {RequestLimits.MaxBodyBytes} bytes";
        yield return $"POST {endpoints.Http}{MinimalApiEndpoints.Prefix.TrimStart('/')}/small|large  (application/json, System.Text.Json; {limit})";
        yield return $"POST {endpoints.Http}{MinimalApiEndpoints.NewtonsoftPrefix.TrimStart('/')}/small|large  (application/json, Newtonsoft; {limit})";
        yield return $"POST {endpoints.Http}{MinimalApiEndpoints.XmlPrefix.TrimStart('/')}/small|large  (application/xml, DataContractSerializer; {limit})";
    }
}
