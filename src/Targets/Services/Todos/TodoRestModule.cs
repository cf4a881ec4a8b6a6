using Microsoft.AspNetCore.Connections;
using Microsoft.Extensions.DependencyInjection.Extensions;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.AspNetCore;

namespace PerfAssert.Targets.Services.Todos;

/// <summary>Todo operations (Get, First, Send, SendOne) over REST with ASP.NET Core controllers and Newtonsoft JSON.</summary>
public sealed class TodoRestModule : ITargetModule
{
    public string Name => "Todo operations over REST (controllers, Newtonsoft JSON)";

    public IReadOnlyDictionary<string, Action<IConnectionBuilder>> TcpProtocols { get; } = new Dictionary<string, Action<IConnectionBuilder>>();

    public void ConfigureServices(IServiceCollection services)
    {
        services.TryAddSingleton<TodoStore>();
        services.AddTargetControllers(typeof(TodoController));
    }

    public void MapEndpoints(IEndpointRouteBuilder endpoints) => endpoints.MapControllers();

    public IEnumerable<string> Describe(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        var root = endpoints.Http + TodoController.RoutePrefix;
        yield return $"GET  {root}  (all todos)   GET {root}/first  (the first)";
        yield return $"POST {root}  (a list -> count received)   POST {root}/one  (one -> its id)";
    }
}
