using System.Diagnostics;
using System.Globalization;
using System.Text;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// Drives an endpoint with <c>wrk</c>, the outside load generator the REST experiment's figures are checked against (its
/// author found his own load agent was the bottleneck and switched to ApacheBench). Debian's package is installed when
/// missing, the way tools/test.sh installs the conformance peers; every run is bounded and its process killed on time-out.
/// </summary>
public static class WrkRunner
{
    /// <summary>What installs wrk on Debian or Ubuntu.</summary>
    public const string InstallCommand = "sudo apt-get install wrk";

    private static readonly TimeSpan InstallTimeout = TimeSpan.FromMinutes(5);

    /// <summary>
    /// The path of <c>wrk</c>, installing Debian's package with apt-get (through sudo when not root) when it is missing; or
    /// <see langword="null"/> and why it cannot be had.
    /// </summary>
    public static async Task<(string? Path, string? Problem)> EnsureAsync(TextWriter progress, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(progress);
        if (Find("wrk") is { } found)
        {
            return (found, null);
        }

        if (Find("apt-get") is null)
        {
            return (null, $"wrk is not installed and there is no apt-get here; install wrk ({InstallCommand} on Debian)");
        }

        await progress.WriteLineAsync("[throughput] wrk is missing: installing Debian's package with apt-get").ConfigureAwait(false);
        var sudo = Environment.UserName == "root" ? [] : new[] { "sudo", "-n" };
        var update = await RunAsync([.. sudo, "apt-get", "update", "-qq"], InstallTimeout, cancellationToken).ConfigureAwait(false);
        var install = update.ExitCode == 0
            ? await RunAsync([.. sudo, "apt-get", "install", "-y", "-qq", "--no-install-recommends", "wrk"], InstallTimeout, cancellationToken).ConfigureAwait(false)
            : update;
        return Find("wrk") is { } installed
            ? (installed, null)
            : (null, $"wrk is not installed and apt-get could not install it (exit {install.ExitCode}: {Last(install.Output)}); run '{InstallCommand}'");
    }

    /// <summary>
    /// Loads <paramref name="url"/> for <paramref name="duration"/> over <paramref name="connections"/> keep-alive
    /// connections; with a <paramref name="body"/>, every request is a POST of it. wrk runs under GNU time
    /// (<c>/usr/bin/time -f "%U %S"</c>, Debian's <c>time</c> package) when it is installed, which reports the user and system
    /// CPU time of wrk's whole life from the kernel's accounting when wrk exits (<see cref="WrkMeasurement.Cpu"/>); without
    /// it the CPU time is not known.
    /// </summary>
    public static async Task<WrkMeasurement> RunAsync(
        string wrk, Uri url, byte[]? body, string contentType, int connections, int threads, TimeSpan duration, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(wrk);
        ArgumentNullException.ThrowIfNull(url);
        var seconds = Math.Max(1, (int)Math.Ceiling(duration.TotalSeconds));
        var time = Find("time");
        var cpuFile = time is null ? null : Path.Combine(Path.GetTempPath(), $"perfassert-wrk-{Guid.NewGuid():N}.cpu");
        List<string> arguments = time is null ? [] : [time, "-f", "%U %S", "-o", cpuFile!];
        arguments.AddRange([wrk, "-t", threads.ToString(CultureInfo.InvariantCulture), "-c", connections.ToString(CultureInfo.InvariantCulture),
            "-d", seconds.ToString(CultureInfo.InvariantCulture) + "s", "--latency", "--timeout", "10s"]);
        string? script = null;
        try
        {
            if (body is not null)
            {
                script = Path.Combine(Path.GetTempPath(), $"perfassert-wrk-{Guid.NewGuid():N}.lua");
                await File.WriteAllTextAsync(script, Script(body, contentType), cancellationToken).ConfigureAwait(false);
                arguments.AddRange(["-s", script]);
            }

            arguments.Add(url.ToString());
            var run = await RunAsync(arguments, TimeSpan.FromSeconds(seconds + 30), cancellationToken).ConfigureAwait(false);
            return run.ExitCode == 0
                ? WrkMeasurement.Parse(run.Output) with { Cpu = cpuFile is null ? null : Cpu(await File.ReadAllTextAsync(cpuFile, cancellationToken).ConfigureAwait(false)) }
                : throw new InvalidOperationException($"wrk exited with {run.ExitCode} loading {url}: {Last(run.Output)}");
        }
        finally
        {
            foreach (var file in new[] { script, cpuFile })
            {
                if (file is not null)
                {
                    File.Delete(file);
                }
            }
        }
    }

    /// <summary>A wrk script that POSTs the body; its bytes are written as Lua decimal escapes, so any byte survives.</summary>
    internal static string Script(byte[] body, string contentType)
    {
        var text = new StringBuilder("wrk.method = \"POST\"\nwrk.headers[\"Content-Type\"] = \"").Append(contentType).Append("\"\nwrk.body = \"");
        foreach (var b in body)
        {
            text.Append('\\').Append(b.ToString("000", CultureInfo.InvariantCulture));
        }

        return text.Append("\"\n").ToString();
    }

    /// <summary>
    /// User plus system seconds from GNU time's <c>-f "%U %S"</c> output (its last line: a failed command's status comes
    /// first); throws <see cref="FormatException"/> quoting anything else.
    /// </summary>
    public static TimeSpan Cpu(string output)
    {
        var parts = output.Trim().Split('\n').Last().Split(' ', StringSplitOptions.RemoveEmptyEntries);
        return parts.Length == 2
            && double.TryParse(parts[0], NumberStyles.Float, CultureInfo.InvariantCulture, out var user)
            && double.TryParse(parts[1], NumberStyles.Float, CultureInfo.InvariantCulture, out var system)
            ? TimeSpan.FromSeconds(user + system)
            : throw new FormatException($"GNU time's CPU line for wrk is not '<user s> <system s>': '{output.Trim()}'");
    }

    /// <summary>The path of <c>wrk</c> on PATH, or <see langword="null"/>.</summary>
    public static string? Locate() => Find("wrk");

    private static string? Find(string command) =>
        (Environment.GetEnvironmentVariable("PATH") ?? string.Empty).Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Select(folder => Path.Combine(folder, command))
            .FirstOrDefault(File.Exists);

    private static string Last(string output) => output.Trim().Split('\n').LastOrDefault()?.Trim() ?? string.Empty;

    private static async Task<(int ExitCode, string Output)> RunAsync(IReadOnlyList<string> command, TimeSpan timeout, CancellationToken cancellationToken)
    {
        var start = new ProcessStartInfo(command[0]) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var argument in command.Skip(1))
        {
            start.ArgumentList.Add(argument);
        }

        start.Environment["DEBIAN_FRONTEND"] = "noninteractive";
        Process? started;
        try
        {
            started = Process.Start(start);
        }
        catch (System.ComponentModel.Win32Exception ex)
        {
            // No such program (sudo on a machine without it, say): an exit code like a shell's, with the reason.
            return (127, $"could not start {command[0]}: {ex.Message}");
        }

        using var process = started ?? throw new InvalidOperationException($"Could not start {command[0]}.");
        var output = process.StandardOutput.ReadToEndAsync(CancellationToken.None);
        var error = process.StandardError.ReadToEndAsync(CancellationToken.None);
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        deadline.CancelAfter(timeout);
        try
        {
            await process.WaitForExitAsync(deadline.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync(CancellationToken.None).WaitAsync(TimeSpan.FromSeconds(10), CancellationToken.None).ConfigureAwait(false);
            cancellationToken.ThrowIfCancellationRequested();
            throw new TimeoutException($"{string.Join(' ', command)} did not finish within {timeout.TotalSeconds:0} s; it was stopped.");
        }

        return (process.ExitCode, await output.ConfigureAwait(false) + await error.ConfigureAwait(false));
    }
}
