using PerfAssert.Baselines;
using PerfAssert.IO;
using PerfAssert.Budgets;
using PerfAssert.Measurement;
using PerfAssert.Tests.Support;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Baselines;

/// <summary>The whole baseline workflow through the real engine, on a manual clock and a temporary baselines folder.</summary>
[Collection(RealClockCollection.Name)]
public sealed class BaselineWorkflowTests : IDisposable
{
    private static object? _sink;
    private readonly TempDirectory _temp = new();
    private readonly BaselineStore _store;

    public BaselineWorkflowTests() => _store = new BaselineStore(_temp.Sub("baselines"), acceptCommand: "perfassert accept");

    [Fact]
    public async Task RunAsync_NoEntry_FailsNamingTheAcceptCommandAndWritesACandidate()
    {
        var result = await Run(costNs: 20_000);

        var verdict = Assert.Single(result.Verdicts);
        Assert.Equal(VerdictOutcome.NoBaseline, verdict.Outcome);
        Assert.True(result.Failed);
        Assert.Contains("perfassert accept", verdict.Message, StringComparison.Ordinal);
        Assert.Contains("Api.received.json", verdict.Message, StringComparison.Ordinal);
        var candidate = _store.Read(_store.CandidatePathOf("Api")).Entries["echo"];
        Assert.InRange(candidate.CalibrationRatio.Estimate, 1.9, 2.1);
        Assert.False(File.Exists(_store.PathOf("Api")));
    }

    [Fact]
    public async Task AcceptAsync_ThenRunAgain_Passes()
    {
        await Run(costNs: 20_000);
        var changes = await BaselineAcceptor.AcceptAsync(_store, cancellationToken: TestContext.Current.CancellationToken);

        var change = Assert.Single(changes);
        Assert.Null(change.Old);
        Assert.False(File.Exists(_store.CandidatePathOf("Api")));
        var again = await Run(costNs: 20_000);
        Assert.All(again.Verdicts, v => Assert.Equal(VerdictOutcome.Pass, v.Outcome));
        Assert.False(File.Exists(_store.CandidatePathOf("Api")));
    }

    [Fact]
    public async Task RunAsync_InjectedLatencyRegression_FailsWithBaselineNowIntervalAndBudget()
    {
        await Record(costNs: 20_000);

        var result = await Run(costNs: 50_000);

        var latency = result.Verdicts.Single(v => v.Metric.StartsWith("mean / calibration", StringComparison.Ordinal));
        Assert.Equal(VerdictOutcome.Regression, latency.Outcome);
        Assert.True(latency.Confirmed);
        var recorded = _store.Load("Api").Entries["echo"].CalibrationRatio.Estimate;
        Assert.Equal(recorded * (1 + BaselineBudget.DefaultLatencyMargin), latency.Limit, 6);
        Assert.Contains($"(baseline {VerdictFormatter.Number(recorded)} +75%) = ", latency.Message, StringComparison.Ordinal);
        Assert.Contains($"> budget {VerdictFormatter.Number(latency.Limit)}", latency.Message, StringComparison.Ordinal);
        Assert.Contains("perfassert accept", latency.Message, StringComparison.Ordinal);
        Assert.True(result.Failed);
    }

    [Fact]
    public async Task RunAsync_LatencyNotEnforced_ReportsAnAdvisoryRegressionWithoutFailing()
    {
        await Record(costNs: 20_000);

        var result = await Run(costNs: 50_000, enforceLatency: false);

        var latency = result.Verdicts.Single(v => v.Metric.StartsWith("mean / calibration", StringComparison.Ordinal));
        Assert.Equal(VerdictOutcome.Regression, latency.Outcome);
        Assert.True(latency.Advisory);
        Assert.Contains("EnforceLatency", latency.Message, StringComparison.Ordinal);
        Assert.False(result.Failed);
    }

    [Fact]
    public async Task RunAsync_InjectedExtraAllocation_FailsTheAllocationVerdict()
    {
        await Record(costNs: 20_000);

        var result = await Run(costNs: 20_000, extraAllocation: true);

        var allocation = result.Verdicts.Single(v => v.Unit == "B/op");
        Assert.Equal(VerdictOutcome.Regression, allocation.Outcome);
        Assert.InRange(allocation.Measured.Estimate - allocation.Limit, 23, 25);
    }

    [Fact]
    public async Task RunAsync_ExtraAllocationWhileTheJitNeverSettles_IsInconclusiveNotARegression()
    {
        await Record(costNs: 20_000);

        // A JIT that compiles during every repeat: the extra bytes could be code that has not tiered up, so it cannot tell.
        long compiled = 0;
        var result = await Run(costNs: 20_000, extraAllocation: true, configure: o => o with
        {
            CompiledMethodCount = () => Interlocked.Increment(ref compiled),
            AllocationSettleTime = TimeSpan.FromMilliseconds(100),
        });

        var allocation = result.Verdicts.Single(v => v.Unit == "B/op");
        Assert.Equal(VerdictOutcome.Inconclusive, allocation.Outcome);
        Assert.Contains("AllocationSettleTime", allocation.Message, StringComparison.Ordinal);
        Assert.False(result.Failed, result.Summary);
    }

    [Fact]
    public async Task RunAsync_NoEntryWhileTheJitNeverSettles_SaysToRunAgainBeforeAccepting()
    {
        long compiled = 0;

        var result = await Run(costNs: 20_000, configure: o => o with
        {
            CompiledMethodCount = () => Interlocked.Increment(ref compiled),
            AllocationSettleTime = TimeSpan.FromMilliseconds(100),
        });

        var verdict = Assert.Single(result.Verdicts);
        Assert.Equal(VerdictOutcome.NoBaseline, verdict.Outcome);
        Assert.Contains("measured while the JIT was still compiling: run again before accepting it with: perfassert accept", verdict.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_FasterThanBaseline_IsImprovedAndOffersACandidate()
    {
        await Record(costNs: 20_000);

        var result = await Run(costNs: 12_000);

        Assert.Contains(result.Verdicts, v => v.Outcome == VerdictOutcome.Improved);
        Assert.False(result.Failed);
        Assert.True(File.Exists(_store.CandidatePathOf("Api")));
    }

    [Fact]
    public async Task RunAsync_EntryFromAnotherMachineClass_IsAdvisoryAndDoesNotFail()
    {
        await Record(costNs: 20_000);
        var file = _store.Load("Api");
        file.Entries["echo"] = file.Entries["echo"] with { Environment = new BaselineEnvironment("windows", "arm64", 64, 9) };
        AtomicFile.WriteAllText(_store.PathOf("Api"), BaselineJson.Serialize(file));

        var result = await Run(costNs: 50_000);

        Assert.All(result.Verdicts, v => Assert.True(v.Advisory, v.Message));
        Assert.False(result.Failed);
        Assert.Contains("windows-arm64-64c-net9", result.Verdicts[0].Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_CorruptBaselineFile_FailsBeforeMeasuringNamingTheFile()
    {
        File.WriteAllText(_store.PathOf("Api"), "{ \"schemaVersion\": 1, \"entries\": [ }");
        var calls = 0;

        var error = await Assert.ThrowsAsync<BaselineException>(() => Perf.Measure("echo", () => calls++).AgainstBaseline("Api", "echo", _store).RunAsync(TestContext.Current.CancellationToken));

        Assert.Contains("baselines/Api.json", error.Message, StringComparison.Ordinal);
        Assert.Equal(0, calls);
    }

    public void Dispose() => _temp.Dispose();

    private async Task Record(double costNs)
    {
        await Run(costNs);
        await BaselineAcceptor.AcceptAsync(_store, cancellationToken: TestContext.Current.CancellationToken);
    }

    private Task<PerfResult> Run(double costNs, bool extraAllocation = false, bool enforceLatency = true, Func<PerfOptions, PerfOptions>? configure = null)
    {
        var clock = new ManualClock();
        var synthetic = new SyntheticOperation(clock, seed: 8);
        var cost = synthetic.Create("cost", costNs);
        var operation = Operation.Sync("echo", () =>
        {
            _sink = new int[4];
            if (extraAllocation)
            {
                _sink = new object();
            }

            cost.RunOnceForTests();
        });
        return Perf.Measure(operation)
            .AgainstBaseline("Api", "echo", _store, enforceLatency: enforceLatency)
            .WithOptions(configure is null ? SyntheticOptions.For(clock, synthetic) : configure(SyntheticOptions.For(clock, synthetic)))
            .RunAsync(TestContext.Current.CancellationToken);
    }
}
