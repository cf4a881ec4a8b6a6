using PerfAssert.Baselines;
using PerfAssert.Hosting.Builds;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// Workers that misbehave, with real git, real builds and real workers: each is a clear error within a bounded time,
/// nothing is written under baselines/, and no process is left behind. Nothing here rests on a timing, so this class runs
/// beside the other classes of this project; the worker that hangs is <see cref="WorkerHangTests"/>, a class of its own so
/// that its seconds of waiting overlap another class's builds (each test makes its own scratch repository and builds).
/// </summary>
public sealed class WorkerFailureTests : ScratchBaselineTests
{
    [Fact]
    public async Task RunAsync_WorkerThatExitsMidMeasurement_FailsNamingItsExitCode()
    {
        var reference = Scratch.Commit("reference");
        Scratch.SetHandler("if (Interlocked.Increment(ref calls) > 400) { Environment.Exit(42); } return \"ok\";");
        var store = Baselines.StoreWithEntry(reference);

        var error = await Assert.ThrowsAnyAsync<Exception>(() => Baselines.MeasureAsync(store, TimeSpan.FromMinutes(2)));

        Assert.Contains("The working tree worker", error.Message, StringComparison.Ordinal);
        Assert.Contains("exited with code 42", error.Message, StringComparison.Ordinal);
        Baselines.AssertNothingLeft(store);
    }

    [Fact]
    public async Task StartPairAsync_ServiceThatCrashesOnStart_FailsWithItsOutput()
    {
        Scratch.Write("src/Work/Program.cs", "throw new InvalidOperationException(\"the connection string is missing\");\n");
        var reference = Scratch.Commit("reference");
        using var builds = new ServiceBuilds(ScratchService.Project, new ServiceBuildsOptions { RepositoryRoot = Scratch.Root });
        using var deadline = Bounded.Within(120);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => builds.StartPairAsync(new BaselineReference(reference), deadline.Token));

        Assert.Contains("exited with code", error.Message, StringComparison.Ordinal);
        Assert.Contains("the connection string is missing", error.Message, StringComparison.Ordinal);
        Assert.Empty(Scratch.ProcessesUsingIt());
    }
}
