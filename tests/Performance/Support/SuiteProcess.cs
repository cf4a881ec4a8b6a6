using System.Diagnostics;
using System.Text;
using PerfAssert.Hosting.Builds;

namespace PerfAssert.Performance.Support;

/// <summary>
/// Runs the reference suite's built assembly (<c>tools/ReferenceSuite</c>, the configuration and framework these tests were
/// built with) as a child process in a fresh runtime, the way the main job runs: <c>dotnet exec ReferenceSuite.dll</c> with
/// the given arguments. Bounded by a timeout, after which the whole process tree is killed; on Linux it runs under the
/// Hosting package's <see cref="Lifeline"/>, so it also ends if this test host is killed outright.
/// </summary>
internal static class SuiteProcess
{
    /// <summary>The suite's assembly, beside this repository's build of these tests.</summary>
    public static string Assembly
    {
        get
        {
            var root = BaselineBuilder.FindRepositoryRoot(AppContext.BaseDirectory);
            // tests/Performance/bin/<configuration>/<framework>/: the suite is built the same way by the same solution build.
            var build = Path.GetRelativePath(Path.Combine(root, "tests", "Performance", "bin"), AppContext.BaseDirectory);
            return Path.Combine(root, "tools", "ReferenceSuite", "bin", build, "ReferenceSuite.dll");
        }
    }

    /// <summary>Runs the suite to completion or <paramref name="timeout"/>; returns its exit code (-1 when killed) and its output, both streams in order.</summary>
    public static async Task<(int ExitCode, bool TimedOut, string Output)> RunAsync(IReadOnlyList<string> arguments, TimeSpan timeout, CancellationToken cancellationToken)
    {
        var assembly = Assembly;
        if (!File.Exists(assembly))
        {
            throw new FileNotFoundException($"The reference suite is not built: build PerfAssert.sln (or tools/ReferenceSuite) in the configuration these tests were built in.", assembly);
        }

        var start = Lifeline.StartInfo("dotnet", [.. arguments.Prepend(assembly).Prepend("exec")], Path.GetDirectoryName(assembly)!)
            ?? throw new InvalidOperationException("Could not start dotnet: none on the PATH.");
        var output = new StringBuilder();
        using var process = new Process { StartInfo = start };
        process.OutputDataReceived += (_, e) => Append(output, e.Data);
        process.ErrorDataReceived += (_, e) => Append(output, e.Data);
        process.Start();
        // Standard input stays open while the suite runs: under the lifeline, its end is what stops the suite.
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
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync(CancellationToken.None).WaitAsync(TimeSpan.FromSeconds(10), CancellationToken.None);
        }

        lock (output)
        {
            return (process.HasExited && !timedOut ? process.ExitCode : -1, timedOut, output.ToString());
        }
    }

    private static void Append(StringBuilder output, string? line)
    {
        if (line is not null)
        {
            lock (output)
            {
                output.AppendLine(line);
            }
        }
    }
}
