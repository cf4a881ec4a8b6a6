using PerfAssert.Baselines;
using PerfAssert.Hosting.Builds;
using PerfAssert.Verdicts;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// The working tree measured beside the reference build, for real: a scratch repository's service is built at its
/// reference commit and as changed in the working tree, both run as workers, and the verdicts come from the engine.
/// </summary>
[Collection(MeasuresAloneCollection.Name)]
public sealed class ServiceBuildsTests : IDisposable
{
    private const int Rounds = 20_000;
    private readonly ScratchService _scratch = ScratchService.Create(Rounds);

    [Fact]
    public async Task AgainstBaseline_ReferenceWorkflow_RecordsPassesCatchesAndAllowsARegression()
    {
        var reference = _scratch.Commit("reference");
        var store = Store(reference);

        // 1. No entry yet: NoBaseline, with a candidate measured beside the reference build.
        var first = await MeasureAsync(store);
        Assert.Equal(VerdictOutcome.NoBaseline, Assert.Single(first.Verdicts).Outcome);
        await BaselineAcceptor.AcceptAsync(store, null, TestContext.Current.CancellationToken);
        var recorded = store.Load("Work").Entries["Work"];
        Assert.Equal("worker", recorded.AllocationScope);
        Assert.Null(recorded.LatencyAllowance);

        // 2. A change that only touches a comment: the same code on both sides passes, latency and allocations.
        _scratch.SetRounds(Rounds, "A comment that changed.");
        var same = await MeasureAsync(store);
        Assert.All(same.Verdicts, v => Assert.True(v.Outcome is VerdictOutcome.Pass or VerdictOutcome.Improved, v.Message));

        // 3. Three times the work per request: a confirmed Regression that names the reference build and both sides.
        // Steps 3 and 4 measure the same working tree, so they share one ServiceBuilds and its one build of it, as the
        // tests of a class share one through their fixture; each measurement still starts its own fresh process pairs.
        _scratch.SetRounds(Rounds * 3);
        using var slowerBuilds = NewBuilds();
        var slower = await MeasureAsync(store, slowerBuilds);
        var latency = Assert.Single(slower.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Regression, latency.Outcome);
        Assert.True(latency.Confirmed, latency.Message);
        Assert.Contains($"reference build {reference[..12]}", latency.Message, StringComparison.Ordinal);
        Assert.Contains("working tree", latency.Message, StringComparison.Ordinal);
        Assert.True(slower.Failed, latency.Message);

        // 4. Accepting it records the measured ratio's estimate as the entry's allowance; the same change then passes.
        await BaselineAcceptor.AcceptAsync(store, null, TestContext.Current.CancellationToken);
        var allowed = store.Load("Work").Entries["Work"];
        Assert.NotNull(allowed.LatencyAllowance);
        Assert.InRange(allowed.LatencyAllowance.Value, latency.Measured.Estimate, latency.Measured.Estimate + 0.0011);
        var accepted = await MeasureAsync(store, slowerBuilds);
        Assert.False(accepted.Failed, string.Join(Environment.NewLine, accepted.Verdicts.Select(v => v.Message)));
    }

    public void Dispose() => _scratch.Dispose();

    private BaselineStore Store(string commit)
    {
        var store = new BaselineStore(_scratch.Baselines);
        new BaselineReference(commit).Write(store);
        return store;
    }

    private ServiceBuilds NewBuilds() => new(ScratchService.Project, new ServiceBuildsOptions { RepositoryRoot = _scratch.Root });

    /// <summary>Measures the working tree as it is now beside the reference build, with new builds of it unless <paramref name="shared"/> are given.</summary>
    private async Task<PerfResult> MeasureAsync(BaselineStore store, ServiceBuilds? shared = null)
    {
        using var own = shared is null ? NewBuilds() : null;
        var builds = shared ?? own!;
        using var client = builds.CreateClient();
        var result = await Perf.Measure("GET /work", async ct => (await client.GetAsync(new Uri("/work", UriKind.Relative), ct)).EnsureSuccessStatusCode().Dispose())
            .AgainstBaseline("Work", "Work", builds, store)
            // The default pairs. Which fresh pairs a run draws moves this service's time per call (CI once measured the same
            // reference build at about 100 us in one run and 150-190 us in another, while the injected slowdown is a fixed
            // ~47 us), so steps 3 and 4 can measure the accepted ratio differently. Step 4 is held by BuildJudge.LatencyLimit:
            // the accepted estimate plus the margin, or the recorded interval's rerun bound when that is higher. This test used
            // six pairs before that limit; with the default two it passed every judged run of issue 31 (5 of 5 on a shared
            // 2-core machine: step 3 confirmed at 1.60-1.73; step 4 at 1.56-1.78 against budgets of 1.685-1.813, once after
            // the engine's extension pairs).
            .RunAsync(TestContext.Current.CancellationToken);
        TestContext.Current.TestOutputHelper?.WriteLine($"{result.Duration.TotalSeconds:0.0} s: {string.Join(Environment.NewLine + "    ", result.Verdicts.Select(v => v.Message))}");
        return result;
    }
}
