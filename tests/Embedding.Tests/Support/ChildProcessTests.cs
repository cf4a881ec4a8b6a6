using System.Globalization;

namespace PerfAssert.Embedding.Tests.Support;

/// <summary>
/// The commands these tests start (builds, packs, the consumers' test runs) end when the test host does, even when it is
/// killed outright: they run under the Hosting package's lifeline, whose killing of the command's process group is
/// <c>CommandRunnerTests</c>' to show. Here: that <see cref="ChildProcess"/> really starts them under it.
/// </summary>
[Collection(UntimedLaneTwo.Name)]
public sealed class ChildProcessTests
{
    [Fact]
    public async Task RunAsync_OnLinux_StartsTheCommandInAProcessGroupOfItsOwn()
    {
        Assert.True(OperatingSystem.IsLinux(), "the lifeline is Linux's: this test says what it does there");
        var environment = new Dictionary<string, string?> { ["PATH"] = Environment.GetEnvironmentVariable("PATH") };

        // The shell's process id, then its process group (the fifth field of /proc/<pid>/stat).
        var result = await ChildProcess.RunAsync("sh", ["-c", "echo $$; cut -d ' ' -f 5 /proc/$$/stat"], Path.GetTempPath(), environment, TimeSpan.FromSeconds(30), TestContext.Current.CancellationToken);

        Assert.True(result.ExitCode == 0, result.Output);
        var lines = result.Output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        Assert.Equal(2, lines.Length);
        var process = int.Parse(lines[0], CultureInfo.InvariantCulture);
        Assert.Equal(process, int.Parse(lines[1], CultureInfo.InvariantCulture));
        Assert.NotEqual(Environment.ProcessId, process);
    }
}
