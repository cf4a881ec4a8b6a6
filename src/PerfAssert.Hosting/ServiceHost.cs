using System.Net;
using System.Reflection;
using System.Text.Json;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Mvc.Testing;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using PerfAssert.Hosting.Logging;
using PerfAssert.Hosting.Server;

namespace PerfAssert.Hosting;

/// <summary>
/// Your own ASP.NET Core application, started for tests: on real Kestrel bound to 127.0.0.1 with a port the operating
/// system chooses, or in memory on <c>TestServer</c>. Built on <see cref="WebApplicationFactory{TEntryPoint}"/>, so any
/// application it can start (minimal APIs with <c>public partial class Program {}</c>, Startup classes) works here.
/// Start-up is bounded and fails with the application's log; disposal stops the application and closes its sockets.
/// </summary>
/// <typeparam name="TEntryPoint">A class in the application's entry assembly, usually its <c>Program</c>.</typeparam>
/// <example>
/// <code>
/// await using var host = await ServiceHost&lt;Program&gt;.StartAsync(new ServiceHostOptions(), cancellationToken);
/// using var client = host.CreateClient();
/// var answer = await client.GetStringAsync("/ping", cancellationToken);
/// </code>
/// </example>
public sealed class ServiceHost<TEntryPoint> : IAsyncDisposable
    where TEntryPoint : class
{
    private readonly FactoryPair _factories;
    private readonly CapturedLog _log;
    private readonly ServiceHostOptions _options;
    private readonly TestServer? _testServer;
    private int _disposed;

    private ServiceHost(FactoryPair factories, CapturedLog log, ServiceHostOptions options, IServiceProvider services, Uri baseAddress)
    {
        _factories = factories;
        _log = log;
        _options = options;
        Services = services;
        BaseAddress = baseAddress;
        _testServer = services.GetRequiredService<IServer>() as TestServer;
    }

    /// <summary>Where the application answers: <c>http://127.0.0.1:{port}/</c> on Kestrel, <c>http://localhost/</c> in memory.</summary>
    public Uri BaseAddress { get; }

    /// <summary>Which server runs the application.</summary>
    public ServiceHostMode Mode => _options.Mode;

    /// <summary>The application's root service provider, for reaching its singletons from a test.</summary>
    public IServiceProvider Services { get; }

    /// <summary>What the application logged so far at or above <see cref="ServiceHostOptions.MinimumLogLevel"/>, oldest first.</summary>
    public IReadOnlyList<ServiceHostLogEntry> Log => _log.Snapshot();

    /// <summary>Builds and starts the application of <typeparamref name="TEntryPoint"/>'s assembly.</summary>
    /// <param name="options">How to start it; <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Abandons the start; the application is disposed once its start returns.</param>
    /// <returns>The started host. Dispose it to stop the application.</returns>
    /// <exception cref="ServiceHostStartException">The application threw, timed out or tried to listen outside loopback.</exception>
    public static Task<ServiceHost<TEntryPoint>> StartAsync(ServiceHostOptions? options = null, CancellationToken cancellationToken = default)
    {
        (options ?? new ServiceHostOptions()).Validate();
        return StartCoreAsync(new WebApplicationFactory<TEntryPoint>(), ownsFactory: true, options ?? new ServiceHostOptions(), cancellationToken);
    }

    /// <summary>
    /// Builds and starts the application through your own <paramref name="factory"/>, for applications that need its
    /// overrides (a custom <c>CreateHostBuilder</c>, content root or test assemblies). Do not call <c>UseKestrel</c> on it:
    /// <see cref="ServiceHostOptions.Mode"/> chooses the server. The factory stays yours to dispose.
    /// </summary>
    /// <param name="factory">The factory to derive the host from with <c>WithWebHostBuilder</c>.</param>
    /// <param name="options">How to start it; <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Abandons the start; the application is disposed once its start returns.</param>
    /// <returns>The started host. Dispose it to stop the application.</returns>
    /// <exception cref="ServiceHostStartException">The application threw, timed out or tried to listen outside loopback.</exception>
    public static Task<ServiceHost<TEntryPoint>> StartAsync(WebApplicationFactory<TEntryPoint> factory, ServiceHostOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(factory);
        (options ?? new ServiceHostOptions()).Validate();
        return StartCoreAsync(factory, ownsFactory: false, options ?? new ServiceHostOptions(), cancellationToken);
    }

    /// <summary>
    /// A new client whose base address is <see cref="BaseAddress"/> and whose timeout is
    /// <see cref="ServiceHostOptions.ClientTimeout"/>: over loopback sockets on Kestrel, through the server's handler in memory.
    /// </summary>
    /// <returns>A client the caller disposes.</returns>
    public HttpClient CreateClient() =>
        new(CreateHandler(), disposeHandler: true) { BaseAddress = BaseAddress, Timeout = _options.ClientTimeout };

    /// <summary>A new handler that reaches the application, for clients you build yourself (gRPC channels, custom pipelines).</summary>
    /// <returns>A handler the caller disposes.</returns>
    public HttpMessageHandler CreateHandler()
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        return _testServer?.CreateHandler() ?? new SocketsHttpHandler { PooledConnectionLifetime = TimeSpan.FromMinutes(5) };
    }

    /// <summary>Stops the application within <see cref="ServiceHostOptions.StopTimeout"/> and releases it; its sockets are closed.</summary>
    /// <returns>A task that completes when the application is gone.</returns>
    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        using var timeout = new CancellationTokenSource(_options.StopTimeout);
        try
        {
            // A bounded graceful stop first: WebApplicationFactory's own disposal stops the host without a deadline.
            if (Services.GetService<IHost>() is { } host)
            {
                await host.StopAsync(timeout.Token).ConfigureAwait(false);
            }
        }
        catch (OperationCanceledException) when (timeout.IsCancellationRequested)
        {
            // Past the stop timeout the application is torn down below, requests in flight or not.
        }

        await _factories.DisposeAsync().ConfigureAwait(false);
    }

    private const string ContentRootManifest = "MvcTestingAppManifest.json";

    private static async Task<ServiceHost<TEntryPoint>> StartCoreAsync(WebApplicationFactory<TEntryPoint> root, bool ownsFactory, ServiceHostOptions options, CancellationToken cancellationToken)
    {
        EnsureContentRoot();
        var log = new CapturedLog(options.MaxLogEntries);
        var capture = new ServicesCapture();
        var configured = root.WithWebHostBuilder(builder => Configure(builder, options, log, capture));
        var factories = new FactoryPair(configured, ownsFactory ? root : null);
        if (options.Mode == ServiceHostMode.Kestrel)
        {
            configured.UseKestrel(ListenOnLoopback);
        }

        // WebApplicationFactory starts synchronously; a worker thread keeps the caller's thread free and the wait bounded.
        var start = Task.Run(configured.StartServer, CancellationToken.None);
        try
        {
            await start.WaitAsync(options.StartTimeout, cancellationToken).ConfigureAwait(false);
            var services = capture.Services ?? throw new InvalidOperationException("The application started but never built its request pipeline.");
            return new ServiceHost<TEntryPoint>(factories, log, options, services, BaseAddressOf(services, options.Mode));
        }
        catch (Exception ex)
        {
            await DisposeAfterStartAsync(start, factories).ConfigureAwait(false);
            if (ex is OperationCanceledException && cancellationToken.IsCancellationRequested)
            {
                throw;
            }

            throw StartFailure(ex, options, log);
        }
    }

    /// <summary>
    /// WebApplicationFactory looks for the application's content root in <c>MvcTestingAppManifest.json</c> in the current
    /// directory (its build targets write one into a test project's output folder, where test runners start) or in the
    /// test assemblies' attributes, and otherwise throws "Solution root could not be located". Started from any other
    /// directory or process (a console program, a benchmark), neither holds; the setting it reads first,
    /// <c>ASPNETCORE_TEST_CONTENTROOT_{ASSEMBLY}</c>, then names the manifest's entry beside this program, else this
    /// program's folder, which holds the application's copied content. A value already set is left alone.
    /// </summary>
    private static void EnsureContentRoot()
    {
        var assembly = typeof(TEntryPoint).Assembly.GetName();
        var variable = $"ASPNETCORE_TEST_CONTENTROOT_{assembly.Name!.ToUpperInvariant().Replace('.', '_')}";
        if (!string.IsNullOrEmpty(Environment.GetEnvironmentVariable(variable)) || File.Exists(Path.Combine(Directory.GetCurrentDirectory(), ContentRootManifest)))
        {
            return;
        }

        Environment.SetEnvironmentVariable(variable, ContentRootFromManifest(Path.Combine(AppContext.BaseDirectory, ContentRootManifest), assembly) ?? AppContext.BaseDirectory);
    }

    private static string? ContentRootFromManifest(string path, AssemblyName assembly)
    {
        try
        {
            var entries = File.Exists(path) ? JsonSerializer.Deserialize<Dictionary<string, string>>(File.ReadAllText(path)) : null;
            var root = entries?.FirstOrDefault(e => e.Key == assembly.FullName || e.Key == assembly.Name).Value;
            return root switch
            {
                null or "" => null,
                "~" => AppContext.BaseDirectory,
                _ when Directory.Exists(root) => root,
                _ => null,
            };
        }
        catch (Exception ex) when (ex is IOException or JsonException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    private static void Configure(IWebHostBuilder builder, ServiceHostOptions options, CapturedLog log, ServicesCapture capture)
    {
        if (options.Environment is not null)
        {
            builder.UseEnvironment(options.Environment);
        }

        builder.ConfigureLogging(logging => logging
            .AddProvider(new CapturingLoggerProvider(log, options.MinimumLogLevel))
            .AddFilter<CapturingLoggerProvider>(category: null, options.MinimumLogLevel));
        builder.ConfigureServices(services =>
        {
            services.AddSingleton<IStartupFilter>(capture);
            // The host's own start-up timeout cancels hosted services that are still starting, so a stuck start ends.
            services.Configure<HostOptions>(host =>
            {
                host.StartupTimeout = options.StartTimeout;
                host.ShutdownTimeout = options.StopTimeout;
            });
            if (options.Mode == ServiceHostMode.Kestrel)
            {
                LoopbackTransport.Replace(services);
            }
        });
        options.ConfigureWebHost?.Invoke(builder);
    }

    // An explicit endpoint in code outranks ASPNETCORE_URLS and UseUrls; the empty configuration drops the app's
    // Kestrel:Endpoints section. What the app still binds in its own code meets LoopbackListenerFactory.
    private static void ListenOnLoopback(KestrelServerOptions kestrel)
    {
        kestrel.Configure(new ConfigurationBuilder().Build(), reloadOnChange: false);
        kestrel.Listen(IPAddress.Loopback, 0);
    }

    private static Uri BaseAddressOf(IServiceProvider services, ServiceHostMode mode)
    {
        var server = services.GetRequiredService<IServer>();
        if (mode == ServiceHostMode.InMemory)
        {
            return server is TestServer testServer
                ? testServer.BaseAddress
                : throw new InvalidOperationException($"In-memory mode expected TestServer but the application runs on {server.GetType().Name}.");
        }

        var addresses = server.Features.Get<IServerAddressesFeature>()?.Addresses ?? [];
        return LoopbackAddresses.SingleBase(addresses);
    }

    private static ServiceHostStartException StartFailure(Exception ex, ServiceHostOptions options, CapturedLog log)
    {
        var reason = ex is TimeoutException or OperationCanceledException
            ? $"did not start within {options.StartTimeout.TotalSeconds:0.###} s ({nameof(ServiceHostOptions)}.{nameof(ServiceHostOptions.StartTimeout)})"
            : $"failed to start: {ex.GetBaseException().Message}";
        var message = $"The {typeof(TEntryPoint).Assembly.GetName().Name} application ({options.Mode}) {reason}"
            + $"{Environment.NewLine}Application log ({options.MinimumLogLevel} and above):{Environment.NewLine}{log.Describe()}";
        return new ServiceHostStartException(message, ex, log.Snapshot());
    }

    // A start that timed out may still finish later and open a socket: dispose once it returns, without waiting for it here.
    private static async Task DisposeAfterStartAsync(Task start, FactoryPair factories)
    {
        if (!start.IsCompleted)
        {
            _ = start.ContinueWith(_ => factories.DisposeAsync().AsTask(), CancellationToken.None, TaskContinuationOptions.None, TaskScheduler.Default).Unwrap();
            return;
        }

        await factories.DisposeAsync().ConfigureAwait(false);
    }
}
