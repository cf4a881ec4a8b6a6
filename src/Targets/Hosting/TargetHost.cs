using System.Collections.Concurrent;
using System.Net;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.AspNetCore.Diagnostics;
using Microsoft.AspNetCore.TestHost;
using Microsoft.AspNetCore.WebUtilities;

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
        var listeners = new Listeners();
        WebApplication? app = null;
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(options.StartTimeout);
        try
        {
            app = Build(options, log, listeners);
            await app.StartAsync(timeout.Token).ConfigureAwait(false);
            return new TargetHost(app, log, options.InMemory ? InMemoryEndpoints(app) : listeners.ToEndpoints());
        }
        catch (Exception ex)
        {
            if (app is not null)
            {
                await app.DisposeAsync().ConfigureAwait(false);
            }

            if (ex is OperationCanceledException && cancellationToken.IsCancellationRequested)
            {
                throw;
            }

            var reason = ex is OperationCanceledException ? $"did not start within {options.StartTimeout}" : "failed to start";
            throw new InvalidOperationException($"The target host {reason}: {ex.Message}{Environment.NewLine}Host log:{Environment.NewLine}{string.Join(Environment.NewLine, log)}", ex);
        }
    }

    /// <summary>
    /// The endpoints of a host with <paramref name="modules"/> running in another process, from the addresses it bound in the
    /// order Kestrel reports them (<c>IServerAddressesFeature</c>): the HTTP/1.1 listener, the h2c listener, then each
    /// module's raw TCP protocols in module order, which is the order this host configures them in. The transport-secured
    /// NetTcp client trusts that host's certificate on first use (<see cref="TargetEndpoints.TrustNetTcpCertificateOnFirstUse"/>).
    /// </summary>
    public static TargetEndpoints EndpointsInBindOrder(IReadOnlyList<Uri> addresses, IReadOnlyList<ITargetModule>? modules = null)
    {
        ArgumentNullException.ThrowIfNull(addresses);
        var tcp = (modules ?? TargetModules.All).SelectMany(m => m.TcpProtocols.Keys).ToList();
        if (addresses.Count != 2 + tcp.Count)
        {
            throw new InvalidOperationException(
                $"A targets host with these modules binds {2 + tcp.Count} listeners (HTTP/1.1, h2c, {string.Join(", ", tcp)}), but the addresses are: {string.Join(", ", addresses)}.");
        }

        return new TargetEndpoints
        {
            Http = addresses[0],
            Http2 = addresses[1],
            Tcp = tcp.Select((name, i) => (name, addresses[2 + i])).ToDictionary(p => p.name, p => new IPEndPoint(IPAddress.Parse(p.Item2.Host), p.Item2.Port)),
            // The other process made its own NetTcp certificate; this one cannot know it in advance.
            TrustNetTcpCertificateOnFirstUse = true,
        };
    }

    /// <summary>Completes when the host stops: Ctrl+C, SIGTERM or <paramref name="cancellationToken"/>.</summary>
    public Task WaitForShutdownAsync(CancellationToken cancellationToken = default) => _app.WaitForShutdownAsync(cancellationToken);

    public async ValueTask DisposeAsync()
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(10));
        await _app.StopAsync(timeout.Token).ConfigureAwait(false);
        await _app.DisposeAsync().ConfigureAwait(false);
    }

    private static WebApplication Build(TargetHostOptions options, ConcurrentQueue<string> log, Listeners listeners)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.Logging.AddProvider(new QueueLoggerProvider(log));
        builder.Logging.SetMinimumLevel(options.MinimumLogLevel);
        builder.Services.AddRouting();
        builder.Services.AddSingleton(options.Faults);
        foreach (var module in options.Modules)
        {
            Run(module, "ConfigureServices", () => module.ConfigureServices(builder.Services), log);
        }

        if (options.InMemory)
        {
            builder.WebHost.UseTestServer();
        }
        else
        {
            builder.WebHost.UseKestrel(kestrel => listeners.Listen(kestrel, options.Modules));
        }

        var app = builder.Build();
        // An empty 4xx/5xx (for example a minimal API binding failure) gets a short text saying what happened.
        app.UseStatusCodePages(WriteStatusTextAsync);
        app.Use(RequestBodyGuard.InvokeAsync);
        foreach (var module in options.Modules)
        {
            Run(module, "MapEndpoints", () => module.MapEndpoints(app), log);
        }

        return app;
    }

    private static Task WriteStatusTextAsync(StatusCodeContext context)
    {
        var http = context.HttpContext;
        var code = http.Response.StatusCode;
        http.Response.ContentType = "text/plain; charset=utf-8";
        return http.Response.WriteAsync($"{code} {ReasonPhrases.GetReasonPhrase(code)}: {http.Request.Method} {http.Request.Path}", http.RequestAborted);
    }

    // A module's own exception would otherwise escape without the host log or the module's name.
    private static void Run(ITargetModule module, string step, Action action, ConcurrentQueue<string> log)
    {
        try
        {
            action();
        }
        catch (Exception ex)
        {
            log.Enqueue($"Critical {nameof(TargetHost)}: module '{module.Name}' threw in {step}: {ex}");
            throw new InvalidOperationException($"Module '{module.Name}' threw in {step}: {ex.Message}", ex);
        }
    }

    private static TargetEndpoints InMemoryEndpoints(WebApplication app)
    {
        var server = app.GetTestServer();
        return new TargetEndpoints { Http = server.BaseAddress, InMemoryHandler = server.CreateHandler() };
    }

    /// <summary>The listeners of one Kestrel host; Kestrel writes each bound endpoint back into its options.</summary>
    private sealed class Listeners
    {
        private readonly Dictionary<string, ListenOptions> _tcp = [];
        private ListenOptions? _http1;
        private ListenOptions? _http2;

        public void Listen(KestrelServerOptions kestrel, IReadOnlyList<ITargetModule> modules)
        {
            kestrel.Listen(IPAddress.Loopback, 0, listen =>
            {
                listen.Protocols = HttpProtocols.Http1;
                _http1 = listen;
            });
            // gRPC needs HTTP/2 without TLS (h2c), which Kestrel offers only on an HTTP/2-only listener.
            kestrel.Listen(IPAddress.Loopback, 0, listen =>
            {
                listen.Protocols = HttpProtocols.Http2;
                _http2 = listen;
            });
            foreach (var module in modules)
            {
                foreach (var (name, configure) in module.TcpProtocols)
                {
                    kestrel.Listen(IPAddress.Loopback, 0, listen =>
                    {
                        configure(listen);
                        _tcp.Add(name, listen);
                    });
                }
            }
        }

        public TargetEndpoints ToEndpoints() => new()
        {
            Http = Address(_http1),
            Http2 = Address(_http2),
            Tcp = _tcp.ToDictionary(p => p.Key, p => Bound(p.Value, p.Key)),
        };

        private static Uri Address(ListenOptions? listen)
        {
            var endpoint = Bound(listen, "HTTP");
            return new Uri($"http://{endpoint}/");
        }

        // Port 0 left in place would mean Kestrel did not report the bound port; fail rather than hand out port 0.
        private static IPEndPoint Bound(ListenOptions? listen, string name) =>
            listen?.IPEndPoint is { Port: > 0 } endpoint
                ? endpoint
                : throw new InvalidOperationException($"Kestrel did not report the bound port of the '{name}' listener.");
    }
}
