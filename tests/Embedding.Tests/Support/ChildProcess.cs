using System.Diagnostics;
using System.Text;
using PerfAssert.Hosting.Builds;

namespace PerfAssert.Embedding.Tests.Support;

/// <summary>
/// Runs a command to completion within a timeout, capturing stdout and stderr in order. On timeout or cancellation the
/// whole process tree is killed, so no build node or test host outlives the test; on Linux the command runs under the
/// Hosting package's <see cref="Lifeline"/>, so it also ends when this test host is killed outright.
/// </summary>
internal static class ChildProcess
{
    public static async Task<ChildProcessResult> RunAsync(string fileName, IReadOnlyList<string> arguments, string workingDirectory, IReadOnlyDictionary<string, string?> environment, TimeSpan timeout, CancellationToken cancellationToken)
    {
        var start = Lifeline.StartInfo(fileName, arguments, workingDirectory)
            ?? throw new InvalidOperationException($"Could not start {fileName}: no such file, and none on the PATH.");
        start.Environment.Clear();
        foreach (var (name, value) in environment)
        {
            if (value is not null)
            {
                start.Environment[name] = value;
            }
        }

        var output = new StringBuilder();
        void Append(object sender, DataReceivedEventArgs e)
        {
            if (e.Data is not null)
            {
                lock (output)
                {
                    output.AppendLine(e.Data);
                }
            }
        }

        var commandLine = string.Join(' ', arguments.Prepend(fileName).Select(a => a.Contains(' ', StringComparison.Ordinal) ? $"\"{a}\"" : a));
        using var process = new Process { StartInfo = start };
        process.OutputDataReceived += Append;
        process.ErrorDataReceived += Append;
        var stopwatch = Stopwatch.StartNew();
        process.Start();

        // Standard input stays open while the command runs: under the lifeline, its end is what stops the command.
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();

        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        deadline.CancelAfter(timeout);
        var timedOut = false;
        try
        {
            await process.WaitForExitAsync(deadline.Token);
        }
        catch (OperationCanceledException)
        {
            timedOut = !process.HasExited;
            await KillAsync(process);
            cancellationToken.ThrowIfCancellationRequested();
        }

        lock (output)
        {
            return new ChildProcessResult(commandLine, workingDirectory, process.HasExited ? process.ExitCode : -1, timedOut, stopwatch.Elapsed, output.ToString());
        }
    }

    private static async Task KillAsync(Process process)
    {
        process.Kill(entireProcessTree: true);
        try
        {
            await process.WaitForExitAsync(CancellationToken.None).WaitAsync(TimeSpan.FromSeconds(10));
        }
        catch (TimeoutException)
        {
            // An orphaned grandchild still holds the output pipe: report what was captured rather than hang the test.
        }
    }
}
