using PerfAssert.Baselines;
using PerfAssert.Diagnosis;
using PerfAssert.Hosting.Builds;
using PerfAssert.Verdicts;
using PerfAssert.Xunit;

namespace PerfAssert.Performance.Reference;

/// <summary>
/// Budgets bite: the working tree's workers run with a deliberate regression in the minimal API System.Text.Json target
/// (extra allocation or extra CPU work per call, set through <see cref="ServiceBuildsOptions.WorkingTreeSettings"/>, which
/// the reference build's workers do not get). The injected target fails its committed baseline in
/// <c>baselines/LatencyBaselineTests.json</c>; an untouched target on the same workers still passes.
/// </summary>
[Collection(TargetsBuildsCollection.Name)]
public sealed class InjectedRegressionTests(TargetsBuilds targets) : IDisposable
{
    private const string Injected = "SmallAspNetCoreStj-0";
    private const string Untouched = "SmallAspNetCoreXml-0";

    // The same target's large response: about 144 KB allocated per call in the worker, where the blanket 3% would let 4 KB through.
    private const string InjectedLarge = "LargeAspNetCoreStj-100";

    // The committed baselines, but candidates go to a throwaway folder: an injected regression must never be offered for accepting.
    private readonly string _candidates = Path.Combine(Path.GetTempPath(), "perfassert-injected-" + Guid.NewGuid().ToString("N")[..12]);

    [Fact]
    public async Task ExtraAllocation_FailsTheInjectedTargetsAllocationBudgetOnly_AndItsDiagnosisNamesTheArray()
    {
        // 1 KB per call on a round trip whose worker allocates a few KB, measured exactly in both builds' workers.
        using var builds = Faulty("Faults:ExtraAllocationBytes", "1024");

        var injected = await Judge(builds, Injected, AllocationsAreTheQuestion);
        var allocation = Assert.Single(injected.Verdicts, v => v.Unit == "B/op");
        Assert.Equal(VerdictOutcome.Regression, allocation.Outcome);
        Assert.InRange(allocation.Measured.Estimate - allocation.Limit, 1000, 1200);
        Assert.True(injected.Failed);

        // The Regression says where (a diagnosis, on a Regression by default): both builds' workers profiled after the
        // verdict, the runtime's sampled allocations put the extra array in the method that makes it, more than noise.
        var where = allocation.Diagnosis ?? string.Empty;
        var row = where.Split('\n').Select(l => l.Trim()).FirstOrDefault(l => l.StartsWith("* ", StringComparison.Ordinal) && l.Contains("System.Byte[] in ", StringComparison.Ordinal));
        Assert.True(row is not null && row.Contains("FaultInjection.Apply", StringComparison.Ordinal), allocation.Message);
        TestContext.Current.TestOutputHelper?.WriteLine(row);

        var untouched = await Judge(builds, Untouched, AllocationsAreTheQuestion);
        Assert.Equal(VerdictOutcome.Pass, Assert.Single(untouched.Verdicts, v => v.Unit == "B/op").Outcome);
        Assert.False(untouched.Failed, untouched.Verdicts[0].Message);
    }

    [Fact]
    public async Task ExtraAllocation_OnALargeResponse_FailsItsAllocationBudget()
    {
        // 3 KB more per call is 2% of this call's allocations, under the blanket 3% (4.3 KB): the tolerance derived from the
        // noise measured in the run must catch it (the clean run of the same entry passes in LatencyBaselineTests). It was
        // 1 KB until a CI run let it through (2026-11-26): this call's workers land up to 500 B/op apart from one process to
        // the next (the reference build measured 143,728 to 144,223 B/op in seven runs), the noise figure reached 344 B/op
        // (tolerance 1,178) where six runs in a row read 31 to 274, and the extra kilobyte measured 1.0 to 1.4 KB against
        // the reference build beside it.
        using var builds = Faulty("Faults:ExtraAllocationBytes", "3072");

        // No diagnosis after the Regression: the test above has one end to end, and a few kilobytes marked in a call that
        // allocates 144 KB is AllocationProfileTests' (recording this call long enough for them took 13 to 17 s of CI).
        var injected = await Judge(builds, InjectedLarge, o => AllocationsAreTheQuestion(o) with { Diagnosis = DiagnosisMode.Never });
        var allocation = Assert.Single(injected.Verdicts, v => v.Unit == "B/op");
        Assert.True(allocation.Outcome == VerdictOutcome.Regression, allocation.Message);
        // The extra 3 KB, against the reference build's workers measured beside it in this run, which land up to 500 B/op
        // apart between processes (above); the committed figure may sit anywhere within its tolerance of what the reference
        // allocates now.
        Assert.InRange(allocation.Measured.Estimate - injected.Partner!.Allocations!.BytesPerOp, 2500, 3600);
        Assert.True(allocation.Tolerance < 3072, allocation.Message);
        Assert.True(injected.Failed);
        Assert.Null(allocation.Diagnosis);
    }

    [Fact]
    public async Task ExtraWork_IsAConfirmedLatencyRegressionAgainstTheReferenceBuild()
    {
        // CPU work of 40,000 rounds of a xorshift per call: about 130 us where the call takes about 40 us in the worker
        // (2026-11-26), about 85 us on a runner whose call took 100 us: far over the 5% budget, so the verdict stands even
        // when the runner is loaded. At 100,000 rounds the slowed worker's samples made each group of blocks take 20 s (the
        // confirmation is a second group); at 20,000 (+43%) a CI run whose calls took 1.6 ms read 1.22 on the first pass and
        // 0.84 on the reversed one (block-level interval, before process pairs), Inconclusive. How small a slowdown is
        // caught is the benchmark's question (docs/verdict-quality.md), not this test's. A Regression this clear is decided
        // by the first pairs by default; this test has it confirmed anyway, so the reversed pairs run end to end on real
        // workers somewhere (ReferenceBuildWorkflowTests sees the default).
        using var builds = Faulty("Faults:ExtraWorkIterations", "40000");

        // The verdict, its budget and what is asserted are as before; only the diagnosis that would follow the Regression is
        // not run: this test is about the verdict, and the first allocation test above checks a diagnosis of the same
        // workers (a few seconds of CI each).
        var injected = await Judge(builds, Injected, o => FarOverTheBudget(o) with { BuildConfirmClearRegressions = true, Diagnosis = DiagnosisMode.Never });
        var latency = Assert.Single(injected.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Regression, latency.Outcome);
        Assert.True(latency.Confirmed, latency.Message);
        Assert.Contains("reversed pairs", latency.Message, StringComparison.Ordinal);
        Assert.False(latency.Advisory, latency.Message);
        Assert.Equal(VerdictOutcome.Pass, Assert.Single(injected.Verdicts, v => v.Unit == "B/op").Outcome);
        Assert.True(injected.Failed);
    }

    public void Dispose()
    {
        if (Directory.Exists(_candidates))
        {
            Directory.Delete(_candidates, recursive: true);
        }
    }

    /// <summary>
    /// The allocation tests are about the allocation verdict, counted exactly in the workers: their latency verdict gets a
    /// sixteenth of the default blocks and no extensions, so a test costs workers' start, warm-up and allocation counting
    /// rather than the latency evidence a reference-build verdict normally gathers (it must still not be a Regression where
    /// a test says the target did not fail).
    /// </summary>
    private static PerfOptions AllocationsAreTheQuestion(PerfOptions options) => options with { BuildMaxBlocks = 16, BuildExtensions = 0 };

    /// <summary>
    /// A slowdown of about 3.5x needs none of the precision the default blocks buy for one near the 5% budget: 16 blocks per
    /// pair (an eighth of the default) still put each pair's mean within about 4% (a block's log-ratio scatters by about
    /// 0.15 within its pair, docs/verdict-quality.md), against a log-ratio of 1.25. The verdict goes through the same pairs,
    /// looks and reversed confirmation; fewer blocks only make a Regression harder to reach, so it passing here still shows
    /// the budget bites. It saves about 20 s of the test's 32 s.
    /// </summary>
    private static PerfOptions FarOverTheBudget(PerfOptions options) => options with { BuildMaxBlocks = 32 };

    private ServiceBuilds Faulty(string setting, string value) =>
        targets.Builds.With(targets.Builds.Options with { WorkingTreeSettings = new Dictionary<string, string> { [setting] = value } });

    private async Task<PerfResult> Judge(ServiceBuilds builds, string name, Func<PerfOptions, PerfOptions>? options = null)
    {
        var store = new BaselineStore(BaselineStore.Discover().Directory, _candidates);
        var result = await Perf.Measure(name, targets.Open(name, builds)).Named(name + " with an injected fault in the working tree's workers")
            .AgainstBaseline(nameof(LatencyBaselineTests), name, builds, store)
            .WithOptions(options ?? (o => o))
            .RunAsync(TestContext.Current.CancellationToken);
        PerfTestBuilderExtensions.Report(result, TestContext.Current);
        return result;
    }
}
