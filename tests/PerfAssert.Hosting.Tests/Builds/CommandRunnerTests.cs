using System.Diagnostics;
using System.Globalization;
using PerfAssert.Hosting.Builds;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// git, the .NET SDK and taskset as <see cref="CommandRunner"/> runs them: what the command says and how it ends come back
/// unchanged, and on Linux nothing it started outlives the process that ran it, even one killed without a chance to clean up.
/// </summary>
public sealed class CommandRunnerTests
{
    private static readonly TimeSpan Bounded = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task RunAsync_Command_ReturnsItsOutputAndExitCode()
    {
        var result = await CommandRunner.RunAsync("sh", ["-c", "echo out; echo err >&2; exit 7"], Path.GetTempPath(), Bounded, TestContext.Current.CancellationToken);

        Assert.Equal(7, result.ExitCode);
        Assert.False(result.TimedOut);
        Assert.Contains("out", result.Output, StringComparison.Ordinal);
        Assert.Contains("err", result.Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_FileThatDoesNotExist_SaysItCouldNotStartIt()
    {
        var result = await CommandRunner.RunAsync("perfassert-no-such-command", [], Path.GetTempPath(), Bounded, TestContext.Current.CancellationToken);

        Assert.Equal(-1, result.ExitCode);
        Assert.Contains("could not start perfassert-no-such-command", result.Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_CommandThatOutlastsItsTimeout_IsKilledWithWhatItStarted()
    {
        // Sleeps of a length no other process has: each is found by its command line, "sleep 3<n>.1" and "sleep 3<n>.2".
        var marker = string.Create(CultureInfo.InvariantCulture, $"sleep 3{Random.Shared.Next(100_000, 1_000_000)}.");
        var result = await CommandRunner.RunAsync("sh", ["-c", $"{marker}1 & {marker}2; wait"], Path.GetTempPath(), TimeSpan.FromSeconds(1), TestContext.Current.CancellationToken);

        Assert.True(result.TimedOut);
        await AssertGoneAsync(marker);
    }

    /// <summary>
    /// What a test host killed by a hang time-out leaves: its end of the pipe to the command closes and nothing else
    /// happens. Closing that end here is the same event. The command's own child must go too: a build's compiler
    /// processes are its children.
    /// </summary>
    [Fact]
    public async Task StartInfo_WhenTheStartingProcessesEndOfThePipeCloses_TheCommandAndItsChildrenAreKilled()
    {
        Assert.True(OperatingSystem.IsLinux(), "the lifeline is Linux's: this test says what it does there");
        var start = Lifeline.StartInfo("sh", ["-c", "sleep 300 & echo $!; echo $$; wait"], Path.GetTempPath())!;
        using var process = Process.Start(start)!;
        try
        {
            var child = int.Parse(await process.StandardOutput.ReadLineAsync(TestContext.Current.CancellationToken).AsTask().WaitAsync(Bounded, TestContext.Current.CancellationToken) ?? "-1", CultureInfo.InvariantCulture);
            var command = int.Parse(await process.StandardOutput.ReadLineAsync(TestContext.Current.CancellationToken).AsTask().WaitAsync(Bounded, TestContext.Current.CancellationToken) ?? "-1", CultureInfo.InvariantCulture);
            Assert.True(Alive(child) && Alive(command), "the command and its child run while the pipe is open");

            process.StandardInput.Close();

            await process.WaitForExitAsync(TestContext.Current.CancellationToken).WaitAsync(Bounded, TestContext.Current.CancellationToken);
            var deadline = Stopwatch.StartNew();
            while ((Alive(child) || Alive(command)) && deadline.Elapsed < TimeSpan.FromSeconds(10))
            {
                await Task.Delay(50, TestContext.Current.CancellationToken);
            }

            Assert.False(Alive(command), $"the command (process {command}) outlived the pipe");
            Assert.False(Alive(child), $"the command's child (process {child}) outlived the pipe");
        }
        finally
        {
            process.Kill(entireProcessTree: true);
        }
    }

    /// <summary>Whether <paramref name="pid"/> is a process that has not ended (a zombie waiting to be reaped has).</summary>
    private static bool Alive(int pid)
    {
        try
        {
            var stat = File.ReadAllText($"/proc/{pid}/stat");
            return stat[(stat.LastIndexOf(')') + 2)..].Split(' ')[0] != "Z";
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }

    private static async Task AssertGoneAsync(string marker)
    {
        var deadline = Stopwatch.StartNew();
        while (ScratchService.CommandLinesContaining(marker).Count > 0 && deadline.Elapsed < TimeSpan.FromSeconds(10))
        {
            await Task.Delay(50, TestContext.Current.CancellationToken);
        }

        Assert.Empty(ScratchService.CommandLinesContaining(marker));
    }
}
