using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace PerfAssert.Hosting.Tests.TestApp;

/// <summary>Hosted services that make <see cref="TinyApp"/>'s start fail in the ways a real application's start does.</summary>
public static class StartBehaviour
{
    public const string FailureWarning = "Cache warm-up found no database";

    public const string HangWarning = "Waiting for a message broker that never answers";

    /// <summary>Logs a warning, then throws from StartAsync.</summary>
    public sealed class Throws(ILogger<Throws> logger) : IHostedService
    {
        public Task StartAsync(CancellationToken cancellationToken)
        {
            logger.LogWarning(FailureWarning);
            throw new InvalidOperationException("warm-up failed");
        }

        public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
    }

    /// <summary>Logs a warning, then waits until its start is cancelled.</summary>
    public sealed class Hangs(ILogger<Hangs> logger) : IHostedService
    {
        public async Task StartAsync(CancellationToken cancellationToken)
        {
            logger.LogWarning(HangWarning);
            await Task.Delay(Timeout.Infinite, cancellationToken);
        }

        public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
    }
}
