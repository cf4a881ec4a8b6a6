using PerfAssert.Verdicts;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// A reference build that cannot be had, with real git and real builds: each is an Invalid verdict naming the cause and the
/// fix within a bounded time, nothing is written under baselines/, and no process is left behind. Workers that fail once
/// built are <see cref="WorkerFailureTests"/>; the two classes time nothing and run side by side.
/// </summary>
public sealed class BaselineBuildFailureTests : IDisposable
{
    private readonly ScratchBaselines _baselines = new();

    private ScratchService Scratch => _baselines.Scratch;

    [Fact]
    public async Task RunAsync_ReferenceCommitNotInTheClone_IsInvalidNamingTheCommit()
    {
        Scratch.Commit("reference");
        var store = _baselines.StoreWithEntry("fedcba9876543210fedcba9876543210fedcba98");

        var result = await _baselines.MeasureAsync(store, TimeSpan.FromSeconds(60));

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Invalid, latency.Outcome);
        Assert.Contains("commit fedcba9876543210fedcba9876543210fedcba98 (baselines/reference.json) is not in this clone", latency.Message, StringComparison.Ordinal);
        Assert.Contains("perfassert baseline move --commit", latency.Message, StringComparison.Ordinal);
        Assert.True(result.Failed);
        _baselines.AssertNothingLeft(store);
    }

    [Fact]
    public async Task RunAsync_ShallowCloneWithoutTheReference_SaysToFetchTheWholeHistory()
    {
        var reference = Scratch.Commit("reference");
        Scratch.SetRounds(2_000, "A later change.");
        Scratch.Commit("later");
        using var shallow = ScratchService.CloneShallow(Scratch);
        var store = _baselines.StoreWithEntry(reference, shallow.Baselines);

        var result = await _baselines.MeasureAsync(store, TimeSpan.FromSeconds(60), shallow.Root);

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Invalid, latency.Outcome);
        Assert.Contains("This is a shallow clone: fetch the whole history", latency.Message, StringComparison.Ordinal);
        Assert.Contains("fetch-depth: 0", latency.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_ReferenceThatDoesNotCompile_IsInvalidWithTheCompilerError()
    {
        Scratch.SetHandler("return undefinedName;");
        var reference = Scratch.Commit("broken reference");
        Scratch.SetRounds(2_000);
        var store = _baselines.StoreWithEntry(reference);

        var result = await _baselines.MeasureAsync(store, TimeSpan.FromMinutes(3));

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Invalid, latency.Outcome);
        Assert.Contains($"building {ScratchService.Project} at commit {reference} failed", latency.Message, StringComparison.Ordinal);
        Assert.Contains("undefinedName", latency.Message, StringComparison.Ordinal);
        _baselines.AssertNothingLeft(store);
    }

    public void Dispose() => _baselines.Dispose();
}
