using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Functional.Matrix;

/// <summary>A module whose start never completes (it logs why, then waits), to see the host's start-up timeout bite.</summary>
internal sealed class StallingModule : ITargetModule
{
    public const string LogLine = "waiting forever for a dependency on purpose";

    public string Name => "Stalling";

    public IReadOnlyDictionary<string, Action<IConnectionBuilder>> TcpProtocols { get; } = new Dictionary<string, Action<IConnectionBuilder>>();

    public void ConfigureServices(IServiceCollection services) => services.AddHostedService<StallingService>();

    public void MapEndpoints(IEndpointRouteBuilder endpoints)
    {
    }

    public IEnumerable<string> Describe(TargetEndpoints endpoints) => [];

    private sealed class StallingService(ILogger<StallingService> logger) : IHostedService
    {
        public async Task StartAsync(CancellationToken cancellationToken)
        {
            logger.LogWarning(LogLine);
            await Task.Delay(Timeout.Infinite, cancellationToken);
        }

        public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
    }
}
