using PerfAssert.Targets.Reference;
using PerfAssert.Xunit;

namespace PerfAssert.Performance.Reference;

/// <summary>
/// Every stack's smallest and largest quick case (Small with 0 items, Large with 100) judged against the reference build:
/// this working tree's targets host and the one built from the commit <c>baselines/reference.json</c> names, measured
/// side by side in fresh worker processes. Latency fails at more than 1.05 x the reference build (times any accepted allowance in
/// <c>baselines/LatencyBaselineTests.json</c>); allocations are counted in the workers and held to the committed figures.
/// A quick case's verdict measures four pairs of workers, a large one's two (<see cref="TargetsBuilds.Shape"/>), kept warm
/// from one verdict to the next: 4 to 6 s for a quick case, 6 to 16 s for a large one. A run judges the representative part
/// of these cases that <see cref="ReferenceMatrix"/> names, and all of them with <c>PERFASSERT_MATRIX=full</c>.
/// </summary>
[Collection(TargetsBuildsCollection.Name)]
public sealed class LatencyBaselineTests(TargetsBuilds targets)
{
    public static TheoryData<string> Cases =>
        [.. ReferenceMatrix.Select([.. ReferenceCases.Latency(ReferenceCases.QuickCounts).Where(c => c.Large == (c.Count > 0)).Select(c => c.Name)], ReferenceMatrix.RoundTrips)];

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task RoundTrip_AgainstTheReferenceBuild_StaysWithinIt(string name)
    {
        await Perf.Measure(name, targets.Open(name)).AgainstBaseline(nameof(LatencyBaselineTests), name, targets.Builds).WithOptions(o => TargetsBuilds.Shape(name, o)).AssertAsync();
    }
}
