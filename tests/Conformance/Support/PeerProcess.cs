using System.Collections.Concurrent;
using System.Diagnostics;

namespace PerfAssert.Conformance.Support;

/// <summary>
/// A real, independent peer run as a process (Debian's python3 with a protocol library, Mono, node): started with its
/// output collected, every wait bounded, killed with its children on dispose. A peer that is not installed fails the test
/// with the command that installs it, which the README's test command runs.
/// </summary>
internal sealed class PeerProcess : IAsyncDisposable
{
    /// <summary>Debian's interpreter, which Debian's python3-* packages install into (not a pyenv or venv python).</summary>
    public const string Python = "/usr/bin/python3";

    private readonly Process _process;
    private readonly ConcurrentQueue<string> _output = new();
    private readonly BlockingCollection<string> _lines = [];

    private PeerProcess(Process process)
    {
        _process = process;
    }

    /// <summary>Everything the peer printed so far, standard output and error interleaved.</summary>
    public string Output => string.Join(Environment.NewLine, _output);

    /// <summary>Whether the peer's process has ended (a service peer must still be up after its calls).</summary>
    public bool HasExited => _process.HasExited;

    /// <summary>Fails unless <see cref="Python"/> can import <paramref name="module"/>, naming the Debian package to install.</summary>
    public static async Task RequirePythonModuleAsync(string module, string debianPackage)
    {
        if (!File.Exists(Python))
        {
            Assert.Fail($"{Python} is missing: the peer needs Debian's python3 and {debianPackage}. Install them with: sudo apt-get update && sudo apt-get install -y python3 {debianPackage} (tools/test.sh does this before the tests).");
        }

        await using var probe = Start(Python, ["-c", $"import {module}"]);
        var exit = await probe.WaitForExitAsync(TimeSpan.FromSeconds(30));
        if (exit != 0)
        {
            Assert.Fail($"{Python} cannot import {module} ({probe.Output.Trim()}). Install the peer with: sudo apt-get update && sudo apt-get install -y {debianPackage} (tools/test.sh does this before the tests).");
        }
    }

    /// <summary>
    /// Runs a python peer program from <c>Peers/</c> as a client to the end and returns its output; fails the test unless it
    /// exits 0 and reports no failures. Its output goes to the test's output either way.
    /// </summary>
    public static async Task<string> RunPythonClientAsync(string program, string peer, TimeSpan timeout, params string[] arguments)
    {
        await using var process = Start(Python, [Program(program), "client", .. arguments]);
        var exit = await process.WaitForExitAsync(timeout);
        TestContext.Current.TestOutputHelper?.WriteLine(process.Output);
        Assert.True(exit == 0, $"{peer}'s checks failed (exit {exit}):{Environment.NewLine}{process.Output}");
        Assert.Contains(": 0 failures", process.Output, StringComparison.Ordinal);
        return process.Output;
    }

    /// <summary>The path of a peer program shipped in this project's <c>Peers/</c> folder.</summary>
    public static string Program(string name) => Path.Combine(AppContext.BaseDirectory, "Peers", name);

    public static PeerProcess Start(string fileName, IEnumerable<string> arguments, string? workingDirectory = null)
    {
        var start = new ProcessStartInfo(fileName)
        {
            WorkingDirectory = workingDirectory ?? string.Empty,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        // Python's own encoding for pipes, whatever the CI locale says.
        start.Environment["PYTHONIOENCODING"] = "utf-8";
        var process = new Process { StartInfo = start };
        var peer = new PeerProcess(process);
        process.OutputDataReceived += (_, e) => peer.Keep(e.Data, line: true);
        process.ErrorDataReceived += (_, e) => peer.Keep(e.Data, line: false);
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return peer;
    }

    /// <summary>
    /// Waits for a line of standard output that starts with <paramref name="prefix"/> and returns the rest of it. When the
    /// peer's output (standard output or error) comes to hold <paramref name="failure"/>, the wait ends at once with an
    /// <see cref="IOException"/> quoting it, instead of waiting out the timeout for a peer that failed but did not exit.
    /// </summary>
    public string WaitForLine(string prefix, TimeSpan timeout, string? failure = null)
    {
        using var cancel = new CancellationTokenSource(timeout);
        try
        {
            while (true)
            {
                if (_lines.TryTake(out var line, 200, cancel.Token))
                {
                    if (line.StartsWith(prefix, StringComparison.Ordinal))
                    {
                        return line[prefix.Length..].Trim();
                    }
                }
                else if (_lines.IsCompleted)
                {
                    break;
                }

                if (failure is not null && Output.Contains(failure, StringComparison.Ordinal))
                {
                    throw new IOException($"The peer '{_process.StartInfo.FileName} {string.Join(' ', _process.StartInfo.ArgumentList)}' failed ('{failure}'). Its output:{Environment.NewLine}{Output}");
                }
            }
        }
        catch (OperationCanceledException)
        {
        }

        throw new TimeoutException($"The peer '{_process.StartInfo.FileName} {string.Join(' ', _process.StartInfo.ArgumentList)}' did not print '{prefix}' within {timeout.TotalSeconds:0} s. Its output:{Environment.NewLine}{Output}");
    }

    /// <summary>Waits for the peer to exit and returns its exit code; a peer still running after <paramref name="timeout"/> is killed and the wait fails.</summary>
    public async Task<int> WaitForExitAsync(TimeSpan timeout)
    {
        try
        {
            await _process.WaitForExitAsync().WaitAsync(timeout);
            return _process.ExitCode;
        }
        catch (TimeoutException)
        {
            _process.Kill(entireProcessTree: true);
            throw new TimeoutException($"The peer '{_process.StartInfo.FileName}' did not finish within {timeout.TotalSeconds:0} s and was killed. Its output:{Environment.NewLine}{Output}");
        }
    }

    public async ValueTask DisposeAsync()
    {
        try
        {
            // A server peer exits when its standard input closes.
            _process.StandardInput.Close();
            if (!_process.HasExited)
            {
                await _process.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(5));
            }
        }
        catch (Exception ex) when (ex is TimeoutException or IOException or InvalidOperationException)
        {
            if (!_process.HasExited)
            {
                _process.Kill(entireProcessTree: true);
                await _process.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(10));
            }
        }
        finally
        {
            _lines.CompleteAdding();
            _process.Dispose();
        }
    }

    private void Keep(string? text, bool line)
    {
        if (text is null)
        {
            return;
        }

        _output.Enqueue(text);
        if (line)
        {
            // TryAdd: the peer may still print while it is being disposed.
            try
            {
                _lines.TryAdd(text);
            }
            catch (InvalidOperationException)
            {
            }
        }
    }
}
