using PerfAssert.Baselines;
using PerfAssert.Hosting.Builds;
using PerfAssert.Verdicts;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// The working tree measured beside the reference build, for real: a scratch repository's service is built at its
/// reference commit and as changed in the working tree, both run as workers, and the verdicts come from the engine. What
/// follows from an entry (a slower commit caught as a Regression, its accepted allowance, then passing) is shown
/// end to end where users meet it: Performance's <c>InjectedRegressionTests</c> (a Regression against the reference build
/// of the targets host, confirmed on reversed pairs) and Embedding's <c>ReferenceBuildWorkflowTests</c> (a team's repository on the
/// packed packages: the slower commit fails, its CI candidates are accepted as an allowance, the same commit then passes);
/// the allowance arithmetic is <c>PerfAssert.Tests</c>' <c>LatencyAllowanceTests</c>.
/// </summary>
[Collection(MeasuresAloneCollection.Name)]
public sealed class ServiceBuildsTests : IDisposable
{
    private const int Rounds = 20_000;
    private readonly ScratchService _scratch = ScratchService.Create(Rounds);

    [Fact]
    public async Task AgainstBaseline_ReferenceWorkflow_RecordsACandidateThenPassesAnUnchangedBuild()
    {
        var reference = _scratch.Commit("reference");
        var store = Store(reference);

        // 1. No entry yet: NoBaseline, with a candidate measured beside the reference build, accepted on this machine.
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
    }

    public void Dispose() => _scratch.Dispose();

    private BaselineStore Store(string commit)
    {
        var store = new BaselineStore(_scratch.Baselines);
        new BaselineReference(commit).Write(store);
        return store;
    }

    /// <summary>Measures the working tree as it is now beside the reference build, with new builds of it.</summary>
    private async Task<PerfResult> MeasureAsync(BaselineStore store)
    {
        using var builds = new ServiceBuilds(ScratchService.Project, new ServiceBuildsOptions { RepositoryRoot = _scratch.Root });
        using var client = builds.CreateClient();
        var result = await Perf.Measure("GET /work", async ct => (await client.GetAsync(new Uri("/work", UriKind.Relative), ct)).EnsureSuccessStatusCode().Dispose())
            .AgainstBaseline("Work", "Work", builds, store)
            .RunAsync(TestContext.Current.CancellationToken);
        TestContext.Current.TestOutputHelper?.WriteLine($"{result.Duration.TotalSeconds:0.0} s: {string.Join(Environment.NewLine + "    ", result.Verdicts.Select(v => v.Message))}");
        return result;
    }
}
