using PerfAssert.Targets.Reference;
using PerfAssert.Xunit;

namespace PerfAssert.Performance.Reference;

/// <summary>
/// Round trips over HTTP/1.1 judged against the reference build: this working tree's targets host and the one built from
/// the commit <c>baselines/reference.json</c> names, measured side by side in fresh worker processes. Latency fails at
/// more than 1.05 x the reference build (times any accepted allowance in <c>baselines/ReferenceBuildTests.json</c>);
/// allocations are counted in the workers and held to the committed figures. gRPC (h2c) and NetTcp (raw TCP) cases need
/// their own endpoints routed and stay with <see cref="LatencyBaselineTests"/>.
/// </summary>
public sealed class ReferenceBuildTests(TargetsBuilds targets) : IClassFixture<TargetsBuilds>
{
    public static TheoryData<string> Cases =>
    [
        "SmallWcfText-100",
        "SmallAspNetCoreStj-100",
        "SmallAspNetCoreJsonNet-100",
        "LargeAspNetCoreMessagePack-0",
    ];

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task RoundTrip_AgainstTheReferenceBuild_StaysWithinIt(string name)
    {
        await using var opened = ReferenceCatalog.Open(name, targets.Endpoints);
        await Perf.Measure(name, opened.Operation).AgainstBaseline(nameof(ReferenceBuildTests), name, targets.Builds).AssertAsync();
    }
}
