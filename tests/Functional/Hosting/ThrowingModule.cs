using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Functional.Hosting;

/// <summary>A module whose endpoint mapping fails, to see how the host reports it.</summary>
internal sealed class ThrowingModule : ITargetModule
{
    public const string Failure = "mapping exploded on purpose";

    public string Name => "Throwing";

    public IReadOnlyDictionary<string, Action<IConnectionBuilder>> TcpProtocols { get; } = new Dictionary<string, Action<IConnectionBuilder>>();

    public void ConfigureServices(IServiceCollection services)
    {
    }

    public void MapEndpoints(IEndpointRouteBuilder endpoints) => throw new InvalidOperationException(Failure);

    public IEnumerable<string> Describe(TargetEndpoints endpoints) => [];
}
