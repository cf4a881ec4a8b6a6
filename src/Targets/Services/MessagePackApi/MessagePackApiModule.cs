using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Mvc;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Services.MessagePackApi;

/// <summary>
/// ASP.NET Core with MessagePack: minimal API echo endpoints, and MVC input/output formatters that let the
/// controllers of other modules speak <c>application/x-msgpack</c>, both serializing with MessagePack-CSharp
/// (<see cref="MessagePackServerOptions.Value"/>).
/// </summary>
public sealed class MessagePackApiModule : ITargetModule
{
    public string Name => "ASP.NET Core MessagePack (MessagePack-CSharp)";

    public IReadOnlyDictionary<string, Action<IConnectionBuilder>> TcpProtocols { get; } = new Dictionary<string, Action<IConnectionBuilder>>();

    public void ConfigureServices(IServiceCollection services)
    {
        // Only formatters: whichever module adds controllers gets MessagePack by Content-Type and Accept.
        services.Configure<MvcOptions>(options =>
        {
            options.InputFormatters.Insert(0, new MessagePackInputFormatter());
            options.OutputFormatters.Insert(0, new MessagePackOutputFormatter());
        });
    }

    public void MapEndpoints(IEndpointRouteBuilder endpoints) => endpoints.MapMessagePackEcho();

    public IEnumerable<string> Describe(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        yield return $"POST {endpoints.Http}{MessagePackEndpoints.Prefix.TrimStart('/')}/small|large  ({MessagePackMediaType.Value}, minimal API)";
        yield return $"MVC formatters for {MessagePackMediaType.Value} on every controller (Content-Type / Accept)";
    }
}
