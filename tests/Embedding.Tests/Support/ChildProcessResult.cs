using System.Globalization;

namespace PerfAssert.Embedding.Tests.Support;

/// <summary>How a child process ended and everything it printed, ready to go into an assertion message.</summary>
internal sealed record ChildProcessResult(string CommandLine, string WorkingDirectory, int ExitCode, bool TimedOut, TimeSpan Elapsed, string Output)
{
    public string Describe() => string.Create(CultureInfo.InvariantCulture,
        $"""
        $ {CommandLine}
        (in {WorkingDirectory}; {(TimedOut ? "killed after its timeout" : $"exit code {ExitCode}")} after {Elapsed.TotalSeconds:0.0} s)
        {Output}
        """);
}
