using PerfAssert.Verdicts;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// A shallow clone (CI's default checkout) that lacks the reference commit: the verdict is Invalid and says to fetch the
/// whole history, naming the CI setting. A class of its own, beside <see cref="BaselineBuildFailureTests"/>: its clone and
/// builds are the longest of the reference-build failures.
/// </summary>
public sealed class ShallowCloneTests : ScratchBaselineTests
{
    [Fact]
    public async Task RunAsync_ShallowCloneWithoutTheReference_SaysToFetchTheWholeHistory()
    {
        var reference = Scratch.Commit("reference");
        Scratch.SetRounds(2_000, "A later change.");
        Scratch.Commit("later");
        using var shallow = ScratchService.CloneShallow(Scratch);
        var store = Baselines.StoreWithEntry(reference, shallow.Baselines);

        var result = await Baselines.MeasureAsync(store, TimeSpan.FromSeconds(60), shallow.Root);

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Invalid, latency.Outcome);
        Assert.Contains("This is a shallow clone: fetch the whole history", latency.Message, StringComparison.Ordinal);
        Assert.Contains("fetch-depth: 0", latency.Message, StringComparison.Ordinal);
    }
}
