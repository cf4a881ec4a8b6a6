using Microsoft.AspNetCore.Connections;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Services.Floor;

/// <summary>
/// Floor targets every stack is reported against: an empty HTTP 200 on Kestrel (the cheapest HTTP request) and a
/// raw TCP echo (the cheapest round trip at all).
/// </summary>
public sealed class FloorModule : ITargetModule
{
    /// <summary>The name of the raw TCP echo protocol in <see cref="TargetEndpoints.Tcp"/>.</summary>
    public const string TcpEchoProtocol = "floor-echo";

    /// <summary>The route of the empty HTTP answer.</summary>
    public const string EmptyRoute = "/floor/empty";

    public string Name => "Floor (empty HTTP 200, raw TCP echo)";

    public IReadOnlyDictionary<string, Action<IConnectionBuilder>> TcpProtocols { get; } = new Dictionary<string, Action<IConnectionBuilder>>
    {
        [TcpEchoProtocol] = connection => connection.UseConnectionHandler<FloorEchoConnectionHandler>(),
    };

    public void ConfigureServices(IServiceCollection services)
    {
    }

    public void MapEndpoints(IEndpointRouteBuilder endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        endpoints.MapGet(EmptyRoute, context =>
        {
            context.Response.ContentLength = 0;
            return Task.CompletedTask;
        });
    }

    public IEnumerable<string> Describe(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        yield return $"GET {endpoints.Http}{EmptyRoute.TrimStart('/')}  (empty 200)";
        yield return endpoints.Tcp.TryGetValue(TcpEchoProtocol, out var tcp)
            ? $"TCP {tcp}  ({TcpEchoProtocol}: echoes every byte)"
            : $"TCP {TcpEchoProtocol}: not available in memory";
    }
}
