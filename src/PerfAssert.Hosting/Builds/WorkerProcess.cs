using System.Diagnostics;
using System.Globalization;
using System.Net.Sockets;
using System.Text;
using PerfAssert.Baselines;

namespace PerfAssert.Hosting.Builds;

/// <summary>
/// One build of the service running in its own process: <c>dotnet exec</c> on the build's entry assembly, Kestrel on
/// 127.0.0.1 with an OS-chosen port, and <c>PerfAssert.Hosting</c> loaded as a startup hook that answers on a Unix domain
/// socket (the bound address; exact allocation, collection and JIT counts). Start-up is bounded and fails with the
/// worker's output; disposing closes the control connection, on which the worker exits, and kills it if it does not.
/// </summary>
internal sealed class WorkerProcess : IAsyncDisposable
{
    private const int OutputLines = 200;
    private readonly Process _process;
    private readonly Queue<string> _output = new();
    private Task _drained = Task.CompletedTask;
    private readonly SemaphoreSlim _control = new(1, 1);
    private readonly Dictionary<object, IAsyncDisposable> _clients = [];
    private readonly TimeSpan _timeout;
    private Socket? _socket;
    private StreamReader? _reader;
    private StreamWriter? _writer;
    private readonly string? _cores;
    private string? _pinTo;

    private WorkerProcess(string name, Process process, string socketPath, TimeSpan timeout, string? pinTo)
    {
        _cores = pinTo;
        _pinTo = pinTo;
        Name = name;
        _process = process;
        SocketPath = socketPath;
        _timeout = timeout;
    }

    /// <summary>Which build this is, for messages (for example <c>reference build 1a2b3c4d5e6f</c>).</summary>
    public string Name { get; }

    /// <summary>Where the service listens: its first <c>http://</c> address.</summary>
    public Uri Address { get; private set; } = null!;

    /// <summary>Every address the service bound, in the order Kestrel reported them (the order its listeners were configured in).</summary>
    public IReadOnlyList<Uri> Addresses { get; private set; } = [];

    /// <summary>
    /// Moves every thread of the worker onto the cores <see cref="ServiceBuildsOptions.PinWorkers"/> names (<c>taskset -a -p</c>);
    /// threads it starts later inherit them. Workers start and warm up on every core, so their start-up and JIT finish
    /// sooner, and are pinned once warm, before anything is timed. Does nothing when workers are not pinned or already are.
    /// </summary>
    public async ValueTask PinAsync(CancellationToken cancellationToken)
    {
        if (_pinTo is not { } cores)
        {
            return;
        }

        await AllowCoresAsync(cores, $"pin the {Name} worker (process {_process.Id}) to core {cores}", cancellationToken).ConfigureAwait(false);
        _pinTo = null;
    }

    /// <summary>
    /// Lets every thread of a pinned worker run on every core again, until <see cref="PinAsync"/> pins it once more: a worker
    /// kept warm for another verdict warms up for its operation as a fresh one does. Does nothing unless it is pinned.
    /// </summary>
    public async ValueTask UnpinAsync(CancellationToken cancellationToken)
    {
        if (_cores is null || _pinTo is not null)
        {
            return;
        }

        var every = string.Create(CultureInfo.InvariantCulture, $"0-{Environment.ProcessorCount - 1}");
        await AllowCoresAsync(every, $"unpin the {Name} worker (process {_process.Id})", cancellationToken).ConfigureAwait(false);
        _pinTo = _cores;
    }

    /// <summary>Moves every thread of the worker onto <paramref name="cores"/> (<c>taskset -a -p</c>); throws naming what it tried to do.</summary>
    private async Task AllowCoresAsync(string cores, string what, CancellationToken cancellationToken)
    {
        var result = await CommandRunner.RunAsync(
            "taskset", ["-a", "-p", "-c", cores, _process.Id.ToString(CultureInfo.InvariantCulture)], Path.GetTempPath(), _timeout, cancellationToken).ConfigureAwait(false);
        if (!result.Succeeded)
        {
            EnsureRunning();
            throw new InvalidOperationException(
                $"Could not {what}: {result.Describe()}{Environment.NewLine}Pinning workers needs taskset (Debian and Ubuntu: apt-get install util-linux), or set ServiceBuildsOptions.PinWorkers to false.");
        }
    }

    /// <summary>Whether the worker runs pinned to its cores now.</summary>
    public bool Pinned => _cores is not null && _pinTo is null;

    /// <summary>The worker's process id (its diagnostics port is named after it).</summary>
    public int ProcessId => _process.Id;

    /// <summary>Whether the worker's process is still running.</summary>
    public bool Running
    {
        get
        {
            try
            {
                return !_process.HasExited;
            }
            catch (InvalidOperationException)
            {
                return false;
            }
        }
    }

    /// <summary>
    /// The client opened on this worker for <paramref name="key"/> (one <see cref="ServiceBuilds.ClientPerWorker{TClient}"/>
    /// call), opened with <paramref name="open"/> on first use, once even for concurrent callers; disposed with the worker.
    /// </summary>
    public IAsyncDisposable ClientFor(object key, Func<IReadOnlyList<Uri>, IAsyncDisposable> open)
    {
        lock (_clients)
        {
            if (!_clients.TryGetValue(key, out var client))
            {
                client = open(Addresses);
                _clients.Add(key, client);
            }

            return client;
        }
    }

    private string SocketPath { get; }

    public static async Task<WorkerProcess> StartAsync(string name, string buildDirectory, bool workingTree, ServiceBuildsOptions options, CancellationToken cancellationToken)
    {
        var entry = EntryAssembly(buildDirectory);
        var socketPath = Path.Combine(Path.GetTempPath(), $"perfassert-{Environment.ProcessId}-{Guid.NewGuid().ToString("N")[..10]}.sock");
        var pinTo = options.WorkerCores();
        var start = new ProcessStartInfo(CommandRunner.Dotnet)
        {
            WorkingDirectory = buildDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add("exec");
        start.ArgumentList.Add(entry);
        start.Environment.Clear();
        foreach (var (key, value) in CommandRunner.CleanEnvironment())
        {
            start.Environment[key] = value;
        }

        start.Environment["ASPNETCORE_URLS"] = "http://127.0.0.1:0";
        start.Environment["ASPNETCORE_ENVIRONMENT"] = options.Environment;
        start.Environment["DOTNET_STARTUP_HOOKS"] = typeof(WorkerProcess).Assembly.Location;
        start.Environment[StartupHook.ControlVariable] = socketPath;
        foreach (var (key, value) in options.RuntimeSettings)
        {
            start.Environment[key] = value;
        }

        if (pinTo is not null)
        {
            // Started on every core but pinned to one before it is measured: the runtime sizes its thread pool, GC and
            // Kestrel's I/O queues for the one core it will run on, not for the ones it starts on.
            start.Environment["DOTNET_PROCESSOR_COUNT"] = "1";
        }

        foreach (var (key, value) in workingTree ? options.Settings.Concat(options.WorkingTreeSettings) : options.Settings)
        {
            start.Environment[key.Replace(":", "__", StringComparison.Ordinal)] = value;
        }

        var process = new Process { StartInfo = start, EnableRaisingEvents = true };
        var worker = new WorkerProcess(name, process, socketPath, options.StartTimeout, pinTo);
        try
        {
            process.Start();
        }
        catch (System.ComponentModel.Win32Exception ex)
        {
            process.Dispose();
            throw new InvalidOperationException($"Could not start the {name} worker with '{start.FileName}': {ex.Message}.", ex);
        }

        process.StandardInput.Close();
        PipeCapacity.Enlarge(process.StandardOutput.BaseStream);
        PipeCapacity.Enlarge(process.StandardError.BaseStream);
        worker._drained = Task.WhenAll(worker.DrainAsync(process.StandardOutput), worker.DrainAsync(process.StandardError));
        try
        {
            await worker.ConnectAsync(options.StartTimeout, cancellationToken).ConfigureAwait(false);
            return worker;
        }
        catch
        {
            await worker.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>
    /// Tells the worker that a recording's calls begin now (<paramref name="began"/>) or have ended: it marks their window in
    /// its recording (<c>CallsMarks</c>).
    /// </summary>
    public async ValueTask MarkCallsAsync(bool began, CancellationToken cancellationToken)
    {
        var command = began ? "calls-began" : "calls-ended";
        var answer = await AskAsync(command, cancellationToken).ConfigureAwait(false);
        if (answer != "ok")
        {
            throw new InvalidOperationException($"{Name} answered '{command}' with '{answer}'.");
        }
    }

    /// <summary>Reads the worker's counters.</summary>
    public async ValueTask<WorkerCounters> ReadCountersAsync(CancellationToken cancellationToken)
    {
        var answer = await AskAsync("counters", cancellationToken).ConfigureAwait(false);
        var parts = answer.Split(' ');
        if (parts.Length < 6 || parts[0] != "counters")
        {
            throw new InvalidOperationException($"{Name} answered 'counters' with '{answer}'.");
        }

        long Part(int i) => long.Parse(parts[i], CultureInfo.InvariantCulture);
        if (parts.Length < 10)
        {
            return new WorkerCounters(Part(1), (int)Part(2), (int)Part(3), (int)Part(4), Part(5));
        }

        // Tiering: events seen, the call-counting delay running (1), over (0) or not yet known (-1), and the delay in ms; then
        // (workers of this version) how many times the delay started and the promotion queue (-1: not said yet).
        bool? delaying = Part(8) switch { 1 => true, 0 => false, _ => null };
        return new WorkerCounters(Part(1), (int)Part(2), (int)Part(3), (int)Part(4), Part(5), Part(7), delaying, TimeSpan.FromMilliseconds(Part(9)))
        {
            CallCountingDelayStarts = parts.Length >= 12 ? Part(10) : 0,
            PromotionBacklog = parts.Length >= 12 && Part(11) >= 0 ? (int)Math.Min(Part(11), int.MaxValue) : null,
        };
    }

    /// <summary>Throws when the worker has exited (or exits within a second: a failed call often races its exit), with its exit code and last output.</summary>
    public void EnsureRunning() => EnsureRunning(this);

    /// <summary>
    /// Throws for the first of <paramref name="workers"/> that has exited, or once one exits within a second (waited for side
    /// by side: a worker that hangs keeps running, and a second for each in turn added up).
    /// </summary>
    public static void EnsureRunning(params WorkerProcess[] workers)
    {
        // Every wait ends with the second, so none is left pending on a worker that keeps running.
        using (var second = new CancellationTokenSource(TimeSpan.FromSeconds(1)))
        {
            Task.WhenAny(workers.Select(worker => worker._process.WaitForExitAsync(second.Token))).Wait();
        }

        foreach (var worker in workers.Where(worker => worker._process.HasExited))
        {
            // The exit does not wait for the rest of the output; its last lines are usually the reason.
            worker._drained.Wait(TimeSpan.FromSeconds(5));
            throw new InvalidOperationException($"The {worker.Name} worker (process {worker._process.Id}) exited with code {worker._process.ExitCode} while it was measured. Its last output:{Environment.NewLine}{worker.Output()}");
        }
    }

    public async ValueTask DisposeAsync()
    {
        List<IAsyncDisposable> clients;
        lock (_clients)
        {
            clients = [.. _clients.Values];
            _clients.Clear();
        }

        foreach (var client in clients)
        {
            try
            {
                await client.DisposeAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(10)).ConfigureAwait(false);
            }
            catch (Exception ex) when (ex is not OutOfMemoryException)
            {
                // A client of a worker about to be stopped; what matters is that the worker stops.
                Keep($"(closing a client of this worker failed: {ex.Message})");
            }
        }

        _writer?.Dispose();
        _reader?.Dispose();
        _socket?.Dispose();
        try
        {
            if (!_process.HasExited)
            {
                // Closing the control connection asks the worker to exit; a worker that does not is killed.
                await _process.WaitForExitAsync(CancellationToken.None).WaitAsync(TimeSpan.FromSeconds(5)).ConfigureAwait(false);
            }
        }
        catch (TimeoutException)
        {
            _process.Kill(entireProcessTree: true);
            await _process.WaitForExitAsync(CancellationToken.None).WaitAsync(TimeSpan.FromSeconds(10)).ConfigureAwait(false);
        }
        finally
        {
            _process.Dispose();
            File.Delete(SocketPath);
            _control.Dispose();
        }
    }

    /// <summary>
    /// The service's entry assembly in its build folder: the one program there, or, when the service references another program
    /// (whose runtime configuration a build with <c>-o</c> puts beside its own; the targets reference the load worker), the one
    /// named after the project the folder was built from (<see cref="BaselineBuilder.OutputOf"/> names the folder after it).
    /// </summary>
    internal static string EntryAssembly(string buildDirectory)
    {
        const string Suffix = ".runtimeconfig.json";
        var programs = Directory.GetFiles(buildDirectory, "*" + Suffix).Select(c => Path.GetFileName(c)[..^Suffix.Length]).Order(StringComparer.Ordinal).ToArray();
        var folder = Path.GetFileName(Path.TrimEndingDirectorySeparator(buildDirectory));
        var own = programs.Length == 1 ? programs : programs.Where(p => folder == BaselineBuilder.Slug(p + ".csproj") || folder.EndsWith("_" + BaselineBuilder.Slug(p + ".csproj"), StringComparison.Ordinal)).ToArray();
        return own.Length == 1
            ? Path.Combine(buildDirectory, own[0] + ".dll")
            : throw new InvalidOperationException(
                $"{buildDirectory} should hold one service (one *{Suffix}, or one named after the project it was built from), but has {programs.Length}{(programs.Length == 0 ? string.Empty : ": " + string.Join(", ", programs))}. Name the service's own project, not its tests.");
    }

    private async Task ConnectAsync(TimeSpan timeout, CancellationToken cancellationToken)
    {
        var started = Stopwatch.GetTimestamp();
        while (true)
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (_process.HasExited)
            {
                await ExitedAsync(TimeSpan.FromSeconds(5)).ConfigureAwait(false);
                throw Failed($"exited with code {_process.ExitCode} before it served");
            }

            if (Stopwatch.GetElapsedTime(started) > timeout)
            {
                throw Failed($"did not start within {timeout.TotalSeconds:0} s (ServiceBuildsOptions.StartTimeout)");
            }

            if (_socket is null && File.Exists(SocketPath))
            {
                var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
                try
                {
                    await socket.ConnectAsync(new UnixDomainSocketEndPoint(SocketPath), cancellationToken).ConfigureAwait(false);
                }
                catch (SocketException ex) when (ex.SocketErrorCode == SocketError.ConnectionRefused)
                {
                    // The socket file exists from bind() a moment before listen(): try again shortly.
                    socket.Dispose();
                    await Task.Delay(TimeSpan.FromMilliseconds(10), cancellationToken).ConfigureAwait(false);
                    continue;
                }

                _socket = socket;
                var stream = new NetworkStream(socket, ownsSocket: false);
                _reader = new StreamReader(stream);
                _writer = new StreamWriter(stream) { AutoFlush = true, NewLine = "\n" };
            }

            if (_socket is not null)
            {
                var urls = (await AskAsync("urls", cancellationToken).ConfigureAwait(false)).Split(' ', StringSplitOptions.RemoveEmptyEntries).Skip(1).ToList();
                if (urls.Count > 0)
                {
                    Addresses = [.. urls.Select(u => new Uri(u))];
                    Address = new Uri(urls.FirstOrDefault(u => u.StartsWith("http://", StringComparison.Ordinal)) ?? urls[0]);
                    return;
                }
            }

            await Task.Delay(TimeSpan.FromMilliseconds(25), cancellationToken).ConfigureAwait(false);
        }
    }

    private async Task<string> AskAsync(string command, CancellationToken cancellationToken)
    {
        await _control.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            deadline.CancelAfter(_timeout);
            await _writer!.WriteLineAsync(command.AsMemory(), deadline.Token).ConfigureAwait(false);
            return await _reader!.ReadLineAsync(deadline.Token).ConfigureAwait(false)
                ?? throw await LostAsync(command, "it closed its control connection").ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            throw Failed($"did not answer '{command}' within {_timeout.TotalSeconds:0} s");
        }
        catch (IOException ex)
        {
            throw await LostAsync(command, $"its control connection broke: {ex.Message}").ConfigureAwait(false);
        }
        finally
        {
            _control.Release();
        }
    }

    /// <summary>
    /// The error for a control connection that closed or broke. A worker that crashes closes the connection a moment
    /// before the operating system reports its exit, so this waits briefly for the exit (and for the rest of its output)
    /// to name the exit code rather than the symptom.
    /// </summary>
    private async Task<InvalidOperationException> LostAsync(string command, string how)
    {
        return await ExitedAsync(TimeSpan.FromSeconds(5)).ConfigureAwait(false)
            ? Failed($"exited with code {_process.ExitCode} before it answered '{command}' ({how})")
            : Failed($"stopped answering '{command}' but is still running ({how})");
    }

    /// <summary>Whether the worker exits within <paramref name="wait"/>; when it does, its output has been read to the end.</summary>
    private async Task<bool> ExitedAsync(TimeSpan wait)
    {
        try
        {
            // Exited, and its output read to the end (both streams end when it exits).
            await Task.WhenAll(_process.WaitForExitAsync(CancellationToken.None), _drained).WaitAsync(wait).ConfigureAwait(false);
            return true;
        }
        catch (TimeoutException)
        {
            return false;
        }
    }

    private InvalidOperationException Failed(string what) =>
        new($"The {Name} worker ({Path.GetFileName(_process.StartInfo.ArgumentList[1])}) {what}. Its output:{Environment.NewLine}{Output()}");

    /// <summary>
    /// Reads one of the worker's output streams to its end in large chunks, keeping its last lines. A service that logs every
    /// request writes thousands of lines a second; read a line at a time (an event each) the pipe filled while the worker
    /// was measured or profiled, its console logger's queue with it, and the worker's request threads waited on that lock by
    /// as much as half of a call in one recording and a tenth in the next.
    /// </summary>
    private async Task DrainAsync(StreamReader reader)
    {
        var buffer = new char[16_384];
        var partial = new StringBuilder();
        try
        {
            int read;
            while ((read = await reader.ReadAsync(buffer).ConfigureAwait(false)) > 0)
            {
                var start = 0;
                for (var i = 0; i < read; i++)
                {
                    if (buffer[i] == '\n')
                    {
                        partial.Append(buffer, start, i - start);
                        Keep(partial.ToString().TrimEnd('\r'));
                        partial.Clear();
                        start = i + 1;
                    }
                }

                partial.Append(buffer, start, read - start);
                if (partial.Length > 64 * 1024)
                {
                    // A line that never ends is kept by its beginning only.
                    partial.Length = 64 * 1024;
                }
            }
        }
        catch (Exception ex) when (ex is IOException or ObjectDisposedException)
        {
            // The process is gone and its pipe with it: what was read is kept.
        }

        if (partial.Length > 0)
        {
            Keep(partial.ToString());
        }
    }

    private void Keep(string line)
    {
        lock (_output)
        {
            _output.Enqueue(line);
            if (_output.Count > OutputLines)
            {
                _output.Dequeue();
            }
        }
    }

    private string Output()
    {
        lock (_output)
        {
            return _output.Count == 0 ? "(none)" : string.Join(Environment.NewLine, _output);
        }
    }
}
