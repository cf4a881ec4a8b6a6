using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Reference;
using PerfAssert.Xunit;

namespace PerfAssert.Performance.Reference;

/// <summary>
/// Every stack x Small and Large x 0 and 100 items against its committed baseline in
/// <c>baselines/LatencyBaselineTests.json</c>: allocations per call held tightly, latency as a ratio to the same-run
/// calibration with the default margin. The full matrix (10 and 1000 items too) runs in the main job.
/// </summary>
[Collection(TargetsCollection.Name)]
public sealed class LatencyBaselineTests(LoopbackTargetsFixture targets)
{
    public static TheoryData<string> Cases => [.. ReferenceCases.Latency(ReferenceCases.QuickCounts).Select(c => c.Name)];

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task RoundTrip_StaysWithinItsBaseline(string name)
    {
        await using var opened = ReferenceCatalog.Open(name, targets.Endpoints);
        await Perf.Measure(name, opened.Operation).AgainstBaseline(nameof(LatencyBaselineTests), name, enforceLatency: ReferenceRunner.EnforceLatency).AssertAsync();
    }
}
