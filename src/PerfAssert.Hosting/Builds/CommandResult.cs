namespace PerfAssert.Hosting.Builds;

/// <summary>A finished command: its exit code, whether it ran out of time, and its output.</summary>
internal sealed record CommandResult(string CommandLine, int ExitCode, bool TimedOut, string Output)
{
    public bool Succeeded => ExitCode == 0 && !TimedOut;

    /// <summary>The command and the last lines of its output, for error messages.</summary>
    public string Describe(int lines = 30)
    {
        var tail = Output.Split('\n', StringSplitOptions.RemoveEmptyEntries).TakeLast(lines);
        return $"'{CommandLine}' {(TimedOut ? "ran out of time" : $"exited with {ExitCode}")}:{Environment.NewLine}{string.Join(Environment.NewLine, tail)}";
    }
}
