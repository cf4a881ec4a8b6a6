using System.Diagnostics;
using System.Globalization;
using System.Net.Sockets;
using System.Runtime;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using PerfAssert.Hosting.Diagnosis;

// The runtime finds a startup hook by this exact name, in the global namespace (DOTNET_STARTUP_HOOKS).
#pragma warning disable CA1050 // The startup hook contract requires a type named StartupHook outside any namespace.

/// <summary>
/// Runs inside a service worker that <c>PerfAssert.Hosting</c> started (<c>DOTNET_STARTUP_HOOKS</c> names this assembly),
/// before the service's own <c>Main</c>. It answers the parent on a Unix domain socket: the addresses Kestrel bound and
/// the process's exact allocation and collection counts. When the parent's connection closes (the parent ended or
/// disposed the worker), the worker exits: no orphan survives its test run. Outside a worker it does nothing.
/// Only framework types are used here: the worker has neither PerfAssert nor anything else of the test run loaded.
/// </summary>
internal static class StartupHook
{
    /// <summary>The environment variable naming the control socket's path.</summary>
    public const string ControlVariable = "PERFASSERT_WORKER_CONTROL";

    /// <summary>How long a worker asked to exit may take to stop its service before it kills itself.</summary>
    private static readonly TimeSpan ExitGrace = TimeSpan.FromSeconds(1);

    private static IHost? s_host;
    private static WorkerTiering? s_tiering;
    private static CallsMarks? s_calls;

    public static void Initialize()
    {
        var path = Environment.GetEnvironmentVariable(ControlVariable);
        if (string.IsNullOrEmpty(path))
        {
            return;
        }

        DiagnosticListener.AllListeners.Subscribe(new ListenerObserver());
        s_tiering = new WorkerTiering();
        var listener = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        listener.Bind(new UnixDomainSocketEndPoint(path));
        listener.Listen(1);
        var thread = new Thread(() => Serve(listener)) { IsBackground = true, Name = "PerfAssert worker control" };
        thread.Start();
    }

    private static void Serve(Socket listener)
    {
        try
        {
            // A parent that never connects (it died while starting this worker) must not leave the worker running.
            if (!listener.Poll(TimeSpan.FromMinutes(1), SelectMode.SelectRead))
            {
                Exit(2);
            }

            using var connection = listener.Accept();
            listener.Dispose();
            using var stream = new NetworkStream(connection, ownsSocket: false);
            using var reader = new StreamReader(stream);
            using var writer = new StreamWriter(stream) { AutoFlush = true, NewLine = "\n" };
            while (reader.ReadLine() is { } command)
            {
                writer.WriteLine(Answer(command));
            }
        }
        catch (IOException)
        {
            // The parent went away mid-answer: same as a closed connection.
        }
        catch (SocketException)
        {
        }

        // The parent closed the connection or died: this worker has no one left to serve.
        Exit(0);
    }

    /// <summary>
    /// Exits with <paramref name="code"/>. Exiting stops the service as its host stops it, which waits for the requests in
    /// flight (up to the host's shutdown timeout, 30 s by default); a request that never ends (a hung call, which is why a
    /// parent gives up on a worker) must not keep the worker alive that long, so a healthy worker exits within milliseconds
    /// and any other kills itself after <see cref="ExitGrace"/>.
    /// </summary>
    private static void Exit(int code)
    {
        var deadline = new Thread(() =>
        {
            Thread.Sleep(ExitGrace);
            using var self = Process.GetCurrentProcess();
            self.Kill();
        })
        { IsBackground = true, Name = "PerfAssert worker exit deadline" };
        deadline.Start();
        Environment.Exit(code);
    }

    private static string Answer(string command) => command switch
    {
        "urls" => "urls " + string.Join(' ', Addresses()),
        // A diagnosis's recording of this worker: its calls begin now, or have ended (CallsMarks).
        "calls-began" => Began(),
        "calls-ended" => Ended(),
        "counters" => string.Create(CultureInfo.InvariantCulture,
            $"counters {GC.GetTotalAllocatedBytes(precise: true)} {GC.CollectionCount(0)} {GC.CollectionCount(1)} {GC.CollectionCount(2)} {System.Runtime.JitInfo.GetCompiledMethodCount()} {(GCSettings.IsServerGC ? 1 : 0)} {s_tiering?.Describe() ?? "0 -1 0"}"),
        _ => "error unknown command " + command,
    };

    private static string Began()
    {
        Interlocked.Exchange(ref s_calls, CallsMarks.Begin(markThreads: false))?.Dispose();
        return "ok";
    }

    private static string Ended()
    {
        Interlocked.Exchange(ref s_calls, null)?.Dispose();
        return "ok";
    }

    private static IEnumerable<string> Addresses()
    {
        var host = s_host;
        if (host is null || !host.Services.GetRequiredService<IHostApplicationLifetime>().ApplicationStarted.IsCancellationRequested)
        {
            return [];
        }

        return host.Services.GetService<IServer>()?.Features.Get<IServerAddressesFeature>()?.Addresses ?? [];
    }

    private sealed class ListenerObserver : IObserver<DiagnosticListener>
    {
        public void OnNext(DiagnosticListener value)
        {
            if (value.Name == "Microsoft.Extensions.Hosting")
            {
                value.Subscribe(new HostObserver());
            }
        }

        public void OnCompleted()
        {
        }

        public void OnError(Exception error)
        {
        }
    }

    private sealed class HostObserver : IObserver<KeyValuePair<string, object?>>
    {
        public void OnNext(KeyValuePair<string, object?> value)
        {
            if (value.Key == "HostBuilt" && value.Value is IHost host)
            {
                s_host = host;
            }
        }

        public void OnCompleted()
        {
        }

        public void OnError(Exception error)
        {
        }
    }
}
