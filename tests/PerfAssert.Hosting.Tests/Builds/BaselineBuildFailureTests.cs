using PerfAssert.Verdicts;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// A reference build that cannot be had, with real git and real builds: each is an Invalid verdict naming the cause and the
/// fix within a bounded time, nothing is written under baselines/, and no process is left behind. Workers that fail once
/// built are <see cref="WorkerFailureTests"/>, a shallow clone is <see cref="ShallowCloneTests"/> and a reference that does
/// not compile <see cref="ReferenceCompileErrorTests"/>; these classes time nothing and run side by side (each test makes its
/// own scratch repository and builds, about 5 to 14 s apiece, and whichever class starts last is the project's tail).
/// </summary>
public sealed class BaselineBuildFailureTests : ScratchBaselineTests
{
    [Fact]
    public async Task RunAsync_ReferenceCommitNotInTheClone_IsInvalidNamingTheCommit()
    {
        Scratch.Commit("reference");
        var store = Baselines.StoreWithEntry("fedcba9876543210fedcba9876543210fedcba98");

        var result = await Baselines.MeasureAsync(store, TimeSpan.FromSeconds(60));

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Invalid, latency.Outcome);
        Assert.Contains("commit fedcba9876543210fedcba9876543210fedcba98 (baselines/reference.json) is not in this clone", latency.Message, StringComparison.Ordinal);
        Assert.Contains("perfassert baseline move --commit", latency.Message, StringComparison.Ordinal);
        Assert.True(result.Failed);
        Baselines.AssertNothingLeft(store);
    }
}
