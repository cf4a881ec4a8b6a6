using System.Collections.Concurrent;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using PerfAssert.Targets.Services.MinimalApi;

namespace PerfAssert.Targets.Hosting;

/// <summary>
/// Runs the targets on real Kestrel bound to 127.0.0.1 with a port chosen by the operating system, so test
/// classes running in parallel never clash. Start-up is bounded; a failure carries the host's log.
/// </summary>
public sealed class TargetHost : IAsyncDisposable
{
    private readonly WebApplication _app;
    private readonly ConcurrentQueue<string> _log;

    private TargetHost(WebApplication app, ConcurrentQueue<string> log, Uri baseAddress)
    {
        _app = app;
        _log = log;
        BaseAddress = baseAddress;
    }

    /// <summary>The loopback address the host listens on, for example <c>http://127.0.0.1:41234/</c>.</summary>
    public Uri BaseAddress { get; }

    /// <summary>What the host logged so far (warnings and above), for failure messages.</summary>
    public IReadOnlyCollection<string> Log => _log;

    public static async Task<TargetHost> StartAsync(TimeSpan? startTimeout = null, CancellationToken cancellationToken = default)
    {
        var log = new ConcurrentQueue<string>();
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.Logging.AddProvider(new QueueLoggerProvider(log));
        builder.Logging.SetMinimumLevel(LogLevel.Warning);
        builder.WebHost.UseKestrel(options => options.Listen(System.Net.IPAddress.Loopback, 0));

        var app = builder.Build();
        app.MapMinimalApiEcho();

        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(startTimeout ?? TimeSpan.FromSeconds(30));
        try
        {
            await app.StartAsync(timeout.Token).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is OperationCanceledException or IOException or InvalidOperationException)
        {
            await app.DisposeAsync().ConfigureAwait(false);
            throw new InvalidOperationException($"The target host did not start within {startTimeout ?? TimeSpan.FromSeconds(30)}. Host log:{Environment.NewLine}{string.Join(Environment.NewLine, log)}", ex);
        }

        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        return new TargetHost(app, log, new Uri(address.EndsWith('/') ? address : address + "/"));
    }

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync(CancellationToken.None).ConfigureAwait(false);
        await _app.DisposeAsync().ConfigureAwait(false);
    }
}
