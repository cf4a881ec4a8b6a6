using System.Collections.Concurrent;
using System.Net;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.AspNetCore.TestHost;

namespace PerfAssert.Targets.Hosting;

/// <summary>
/// Runs target modules on real Kestrel bound to 127.0.0.1 with ports the operating system chooses (an HTTP/1.1
/// listener, an HTTP/2-only listener for gRPC, one listener per raw TCP protocol), or in memory on TestServer.
/// Start-up is bounded by a timeout and a failure carries the host's log; nothing binds outside loopback.
/// </summary>
public sealed class TargetHost : IAsyncDisposable
{
    private readonly WebApplication _app;
    private readonly ConcurrentQueue<string> _log;

    private TargetHost(WebApplication app, ConcurrentQueue<string> log, TargetEndpoints endpoints)
    {
        _app = app;
        _log = log;
        Endpoints = endpoints;
    }

    /// <summary>Where the targets can be reached.</summary>
    public TargetEndpoints Endpoints { get; }

    /// <summary>The HTTP/1.1 base address, for example <c>http://127.0.0.1:41234/</c>.</summary>
    public Uri BaseAddress => Endpoints.Http;

    /// <summary>What the host logged so far at or above <see cref="TargetHostOptions.MinimumLogLevel"/>.</summary>
    public IReadOnlyCollection<string> Log => _log;

    public static async Task<TargetHost> StartAsync(TargetHostOptions? options = null, CancellationToken cancellationToken = default)
    {
        options ??= new TargetHostOptions();
        var log = new ConcurrentQueue<string>();
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.Logging.AddProvider(new QueueLoggerProvider(log));
        builder.Logging.SetMinimumLevel(options.MinimumLogLevel);
        builder.Services.AddRouting();
        foreach (var module in options.Modules)
        {
            module.ConfigureServices(builder.Services);
        }

        var tcpListeners = new Dictionary<string, ListenOptions>();
        if (options.InMemory)
        {
            builder.WebHost.UseTestServer();
        }
        else
        {
            builder.WebHost.UseKestrel(kestrel => Listen(kestrel, options.Modules, tcpListeners));
        }

        var app = builder.Build();
        foreach (var module in options.Modules)
        {
            module.MapEndpoints(app);
        }

        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(options.StartTimeout);
        try
        {
            await app.StartAsync(timeout.Token).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is OperationCanceledException or IOException or InvalidOperationException)
        {
            await app.DisposeAsync().ConfigureAwait(false);
            var reason = ex is OperationCanceledException && !cancellationToken.IsCancellationRequested ? $"did not start within {options.StartTimeout}" : "failed to start";
            throw new InvalidOperationException($"The target host {reason}: {ex.Message}{Environment.NewLine}Host log:{Environment.NewLine}{string.Join(Environment.NewLine, log)}", ex);
        }

        return new TargetHost(app, log, options.InMemory ? InMemoryEndpoints(app) : SocketEndpoints(app, tcpListeners));
    }

    public async ValueTask DisposeAsync()
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(10));
        await _app.StopAsync(timeout.Token).ConfigureAwait(false);
        await _app.DisposeAsync().ConfigureAwait(false);
    }

    private static void Listen(KestrelServerOptions kestrel, IReadOnlyList<ITargetModule> modules, Dictionary<string, ListenOptions> tcpListeners)
    {
        kestrel.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = HttpProtocols.Http1);
        // gRPC needs HTTP/2 without TLS (h2c), which Kestrel offers only on an HTTP/2-only listener.
        kestrel.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = HttpProtocols.Http2);
        foreach (var module in modules)
        {
            foreach (var (name, configure) in module.TcpProtocols)
            {
                kestrel.Listen(IPAddress.Loopback, 0, listen =>
                {
                    configure(listen);
                    tcpListeners.Add(name, listen);
                });
            }
        }
    }

    private static TargetEndpoints SocketEndpoints(WebApplication app, Dictionary<string, ListenOptions> tcpListeners)
    {
        // Kestrel replaces each listener's endpoint with the bound one, so port 0 reads back as the real port.
        var addresses = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.ToList();
        var tcpPorts = tcpListeners.Values.Select(l => l.IPEndPoint!.Port).ToHashSet();
        var http = addresses.Select(a => new Uri(a.EndsWith('/') ? a : a + "/")).Where(u => !tcpPorts.Contains(u.Port)).ToList();
        return new TargetEndpoints
        {
            Http = http[0],
            Http2 = http[1],
            Tcp = tcpListeners.ToDictionary(p => p.Key, p => p.Value.IPEndPoint!),
        };
    }

    private static TargetEndpoints InMemoryEndpoints(WebApplication app)
    {
        var server = app.GetTestServer();
        return new TargetEndpoints { Http = server.BaseAddress, InMemoryHandler = server.CreateHandler() };
    }
}
