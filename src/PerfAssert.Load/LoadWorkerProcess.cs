using System.Diagnostics;
using System.Text.Json;

namespace PerfAssert.Load;

/// <summary>
/// Runs a <see cref="LoadPlan"/> in a worker process of its own (<c>dotnet PerfAssert.Load.dll</c>, the assembly this
/// type lives in), so the load generator shares neither the test process's thread pool nor its GC with the service it loads.
/// The plan goes in as JSON on the worker's standard input, the result comes back as JSON on its standard output. Bounded:
/// past its time, on cancellation or on any failure the worker is killed with its process tree, and on Linux a worker whose
/// starting process is killed outright stops by itself within a second; a worker that crashes,
/// hangs, cannot reach its target or rejects the plan is a <see cref="LoadWorkerException"/> naming what happened.
/// </summary>
public static class LoadWorkerProcess
{
    /// <summary>The worker's exit code for a plan it could not read or run.</summary>
    public const int BadPlanExitCode = 2;

    /// <summary>The worker's exit code for a target it could not reach.</summary>
    public const int UnreachableExitCode = 3;

    /// <summary>The worker's exit code when the process that started it is gone (Linux: it watches its parent process id).</summary>
    public const int OrphanedExitCode = 4;

    private const int FirstErrorLines = 5;
    private const int LastErrorLines = 15;
    private static readonly TimeSpan StartUp = TimeSpan.FromMinutes(1);

    /// <summary>Runs <paramref name="plan"/> in a new worker process and returns what it measured.</summary>
    public static async Task<LoadResult> RunAsync(LoadPlan plan, LoadWorkerOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(plan);
        plan.Validate();
        options ??= new LoadWorkerOptions();
        var timeout = options.Timeout ?? plan.Bound + StartUp;
        ArgumentOutOfRangeException.ThrowIfLessThan(options.ProcessorCount, 1);
        using var process = Start(options);
        var stderr = new StandardError();
        process.ErrorDataReceived += (_, e) => Keep(stderr, e.Data);
        process.BeginErrorReadLine();
        try
        {
            options.Started?.Invoke(process.Id);
            var stdout = process.StandardOutput.ReadToEndAsync(CancellationToken.None);
            await SendPlanAsync(process, plan).ConfigureAwait(false);
            await WaitAsync(process, plan, timeout, stderr, cancellationToken).ConfigureAwait(false);
            return Read(process, plan, await stdout.WaitAsync(TimeSpan.FromSeconds(10), CancellationToken.None).ConfigureAwait(false), stderr);
        }
        finally
        {
            await StopAsync(process).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// The worker's assembly, next to the caller's: a project reference copies it there with its runtime configuration, a
    /// package reference without one (the worker then starts with the configuration it writes).
    /// </summary>
    public static string WorkerPath => typeof(LoadWorkerProcess).Assembly.Location;

    internal static Process Start(LoadWorkerOptions options, bool session = false)
    {
        var worker = WorkerPath;
        var start = new ProcessStartInfo(Dotnet.Path)
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        var config = Path.ChangeExtension(worker, ".runtimeconfig.json");
        if (!File.Exists(config))
        {
            // From a package the worker's assembly lands in the consumer's output without a runtime configuration of its
            // own: it runs with the one it would have been built with, and finds its references in that same folder.
            start.ArgumentList.Add("exec");
            start.ArgumentList.Add("--runtimeconfig");
            start.ArgumentList.Add(WorkerRuntimeConfig.Write());
        }

        start.ArgumentList.Add(worker);
        if (session)
        {
            start.ArgumentList.Add(LoadSessionProtocol.SessionArgument);
        }

        // The worker's own runtime configuration decides its GC and JIT, not settings meant for the test process.
        foreach (var setting in new[] { "DOTNET_gcServer", "DOTNET_TieredPGO", "DOTNET_TieredCompilation", "DOTNET_TC_CallCountingDelayMs", "DOTNET_STARTUP_HOOKS" })
        {
            start.Environment.Remove(setting);
        }

        start.Environment["DOTNET_PROCESSOR_COUNT"] = options.ProcessorCount.ToString(System.Globalization.CultureInfo.InvariantCulture);
        start.Environment[ParentWatch.Variable] = Environment.ProcessId.ToString(System.Globalization.CultureInfo.InvariantCulture);
        // Where sockets are awaited (h2c, https://, the probe, and plain HTTP/1.1 off Linux), completions run the awaiting loop
        // on the thread that polled them, not after a hop through the thread pool. Safe here: no loop ever blocks. Measured on
        // 2 cores with one processor: 12-14 us of worker CPU per GET instead of 15-17.
        start.Environment["DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS"] = "1";
        try
        {
            return Process.Start(start) ?? throw new LoadWorkerException($"Could not start the load worker: '{Dotnet.Path} {worker}' started no process.");
        }
        catch (System.ComponentModel.Win32Exception ex)
        {
            throw new LoadWorkerException($"Could not start the load worker with '{Dotnet.Path} {worker}': {ex.Message}.", ex);
        }
    }

    private static async Task SendPlanAsync(Process process, LoadPlan plan)
    {
        try
        {
            await JsonSerializer.SerializeAsync(process.StandardInput.BaseStream, plan, LoadWorkerJson.Options).ConfigureAwait(false);
            process.StandardInput.Close();
        }
        catch (IOException)
        {
            // The worker died before reading its plan; its exit code and standard error say why.
        }
    }

    private static async Task WaitAsync(Process process, LoadPlan plan, TimeSpan timeout, StandardError stderr, CancellationToken cancellationToken)
    {
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        deadline.CancelAfter(timeout);
        try
        {
            await process.WaitForExitAsync(deadline.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            await StopAsync(process).ConfigureAwait(false);
            cancellationToken.ThrowIfCancellationRequested();
            throw new LoadWorkerException(
                $"The load worker (process {process.Id}) running '{plan.Name}' did not finish within {timeout.TotalSeconds:0.#} s; it was killed with its process tree.{Tail(stderr)}");
        }
    }

    private static LoadResult Read(Process process, LoadPlan plan, string stdout, StandardError stderr)
    {
        var what = $"The load worker (process {process.Id}) running '{plan.Name}'";
        if (process.ExitCode != 0)
        {
            throw Failure(process, what, plan.Target.ToString(), stderr);
        }

        try
        {
            return JsonSerializer.Deserialize<LoadResult>(stdout, LoadWorkerJson.Options)
                ?? throw new JsonException("the result is JSON null");
        }
        catch (JsonException ex)
        {
            throw new LoadWorkerException($"{what} exited with 0 but wrote no result ({ex.Message}); its standard output: '{stdout[..Math.Min(stdout.Length, 500)]}'.{Tail(stderr)}", ex);
        }
    }

    /// <summary>What a worker's exit code says went wrong, with the end of its standard error.</summary>
    internal static LoadWorkerException Failure(Process process, string what, string targets, StandardError stderr) => process.ExitCode switch
    {
        UnreachableExitCode => new LoadWorkerException($"{what} could not connect to {targets} (exit code {UnreachableExitCode}).{Tail(stderr)}"),
        BadPlanExitCode => new LoadWorkerException($"{what} rejected its plan (exit code {BadPlanExitCode}).{Tail(stderr)}"),
        > 128 and < 160 when !OperatingSystem.IsWindows() => new LoadWorkerException($"{what} exited with code {process.ExitCode}: killed by signal {process.ExitCode - 128}.{Tail(stderr)}"),
        _ => new LoadWorkerException($"{what} exited with code {process.ExitCode}.{Tail(stderr)}"),
    };

    internal static async Task StopAsync(Process process)
    {
        try
        {
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
            }

            await process.WaitForExitAsync(CancellationToken.None).WaitAsync(TimeSpan.FromSeconds(10), CancellationToken.None).ConfigureAwait(false);
        }
        catch (InvalidOperationException)
        {
            // It had already exited and been reaped.
        }
    }

    internal static void Keep(StandardError lines, string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (lines)
        {
            // The first lines hold an unhandled exception's type and message, the last ones what happened at the end.
            if (lines.First.Count < FirstErrorLines)
            {
                lines.First.Add(line);
                return;
            }

            lines.Last.Enqueue(line);
            if (lines.Last.Count > LastErrorLines)
            {
                lines.Last.Dequeue();
                lines.Skipped++;
            }
        }
    }

    internal static string Tail(StandardError lines)
    {
        lock (lines)
        {
            if (lines.First.Count == 0)
            {
                return " It wrote nothing to standard error.";
            }

            var skipped = lines.Skipped > 0 ? [$"({lines.Skipped} lines left out)"] : Array.Empty<string>();
            return $" Its standard error:{Environment.NewLine}{string.Join(Environment.NewLine, lines.First.Concat(skipped).Concat(lines.Last))}";
        }
    }

    /// <summary>The first and last lines the worker wrote to standard error.</summary>
    internal sealed class StandardError
    {
        public List<string> First { get; } = [];

        public Queue<string> Last { get; } = new();

        public int Skipped { get; set; }
    }
}
