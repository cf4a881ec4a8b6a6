using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Todos;

namespace PerfAssert.Functional.Todos;

/// <summary>A module with no endpoints that hands the test the host's <see cref="TodoStore"/> once endpoints are mapped.</summary>
internal sealed class StoreProbeModule : ITargetModule
{
    public TodoStore? Store { get; private set; }

    public string Name => "Todo store probe";

    public IReadOnlyDictionary<string, Action<IConnectionBuilder>> TcpProtocols { get; } = new Dictionary<string, Action<IConnectionBuilder>>();

    public void ConfigureServices(IServiceCollection services)
    {
    }

    public void MapEndpoints(IEndpointRouteBuilder endpoints) => Store = endpoints.ServiceProvider.GetRequiredService<TodoStore>();

    public IEnumerable<string> Describe(TargetEndpoints endpoints) => [];
}
