using Microsoft.AspNetCore.Connections;
using Microsoft.Extensions.DependencyInjection.Extensions;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.AspNetCore;

namespace PerfAssert.Targets.Services.Throughput;

/// <summary>The REST throughput experiment on Kestrel (the role the self-hosted Web API played in the reference).</summary>
public sealed class ThroughputModule : ITargetModule
{
    public string Name => "Throughput (REST: time, buffered echo, chunked echo)";

    public IReadOnlyDictionary<string, Action<IConnectionBuilder>> TcpProtocols { get; } = new Dictionary<string, Action<IConnectionBuilder>>();

    public void ConfigureServices(IServiceCollection services) => services.TryAddSingleton(TimeProvider.System);

    public void MapEndpoints(IEndpointRouteBuilder endpoints) => endpoints.MapThroughput();

    public IEnumerable<string> Describe(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        var root = endpoints.Http + ThroughputEndpoints.Prefix.TrimStart('/');
        yield return $"GET  {root}/time  (text/plain \"{ThroughputEndpoints.TimeGreeting}<now>\")";
        yield return $"POST {root}/echo  (echoes the body buffered, Content-Length; <= {RequestLimits.MaxBodyBytes} bytes)";
        yield return $"POST|PUT {root}/echo-chunked  (echoes the body streamed, Transfer-Encoding: chunked; <= {RequestLimits.MaxBodyBytes} bytes)";
    }
}
