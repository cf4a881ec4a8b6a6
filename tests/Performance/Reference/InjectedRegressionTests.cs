using PerfAssert.Baselines;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;
using PerfAssert.Verdicts;
using PerfAssert.Xunit;

namespace PerfAssert.Performance.Reference;

/// <summary>
/// Budgets bite: a host with a deliberate regression in the minimal API System.Text.Json target (extra allocation, extra
/// CPU work per call) fails that target's committed baseline, while an untouched target on the same host still passes.
/// </summary>
[Collection(TargetsCollection.Name)]
public sealed class InjectedRegressionTests
{
    private const string Injected = "SmallAspNetCoreStj-0";
    private const string Untouched = "SmallAspNetCoreXml-0";

    [Fact]
    public async Task ExtraAllocation_FailsTheInjectedTargetsAllocationBudgetOnly()
    {
        // 1 KB per call is 16% of this ~6.3 KB round trip: far beyond the 3% run-to-run tolerance.
        await using var host = await TargetHost.StartAsync(new TargetHostOptions { Faults = new FaultInjection(ExtraAllocationBytes: 1024) }, TestContext.Current.CancellationToken);

        var injected = await Judge(host, Injected);
        var allocation = Assert.Single(injected.Verdicts, v => v.Unit == "B/op");
        Assert.Equal(VerdictOutcome.Regression, allocation.Outcome);
        Assert.InRange(allocation.Measured.Estimate - allocation.Limit, 1000, 1200);
        Assert.True(injected.Failed);

        var untouched = await Judge(host, Untouched);
        Assert.Equal(VerdictOutcome.Pass, Assert.Single(untouched.Verdicts, v => v.Unit == "B/op").Outcome);
    }

    [Fact]
    public async Task ExtraWork_IsAConfirmedLatencyRegressionOfTheInjectedTargetOnly()
    {
        // About 100 us of extra CPU work per call on a ~40 us call: several times the 75% baseline margin. Latency against
        // baselines is advisory on this runner class (ReferenceRunner.EnforceLatency), so the verdict is asserted directly.
        await using var host = await TargetHost.StartAsync(new TargetHostOptions { Faults = new FaultInjection(ExtraWorkIterations: 100_000) }, TestContext.Current.CancellationToken);

        var injected = await Judge(host, Injected);
        var latency = Assert.Single(injected.Verdicts, v => v.Metric.StartsWith("mean / calibration", StringComparison.Ordinal));
        Assert.Equal(VerdictOutcome.Regression, latency.Outcome);
        Assert.True(latency.Confirmed, latency.Message);
        Assert.Equal(VerdictOutcome.Pass, Assert.Single(injected.Verdicts, v => v.Unit == "B/op").Outcome);

        var untouched = await Judge(host, Untouched);
        Assert.Equal(VerdictOutcome.Pass, Assert.Single(untouched.Verdicts, v => v.Unit == "B/op").Outcome);
    }

    // The committed baselines, but candidates go to a throwaway folder: an injected regression must never be offered for accepting.
    private static readonly BaselineStore Store = new(BaselineStore.Discover().Directory, Path.Combine(Path.GetTempPath(), "perfassert-injected-" + Environment.ProcessId));

    private static async Task<PerfResult> Judge(TargetHost host, string name)
    {
        await using var opened = ReferenceCatalog.Open(name, host.Endpoints);
        var result = await Perf.Measure(name, opened.Operation).Named(name + " on a host with an injected fault")
            .AgainstBaseline(nameof(LatencyBaselineTests), name, Store, enforceLatency: ReferenceRunner.EnforceLatency)
            .RunAsync(TestContext.Current.CancellationToken);
        PerfTestBuilderExtensions.Report(result, TestContext.Current);
        return result;
    }
}
