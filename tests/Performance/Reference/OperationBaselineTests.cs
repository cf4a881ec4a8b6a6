using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Reference;
using PerfAssert.Xunit;

namespace PerfAssert.Performance.Reference;

/// <summary>
/// The data-stream and todo operations (1 and 10 simultaneous clients) against their committed baselines in
/// <c>baselines/OperationBaselineTests.json</c>.
/// </summary>
[Collection(TargetsCollection.Name)]
public sealed class OperationBaselineTests(LoopbackTargetsFixture targets)
{
    public static TheoryData<string> Cases => [.. DataStreamCases.All.Select(c => c.Name), .. TodoCases.All.Select(c => c.Name).Where(n => n.StartsWith("TodoFirst", StringComparison.Ordinal) || n.StartsWith("TodoSendOne", StringComparison.Ordinal))];

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Operation_StaysWithinItsBaseline(string name)
    {
        await using var opened = ReferenceCatalog.Open(name, targets.Endpoints);
        await Perf.Measure(name, opened.Operation).AgainstBaseline(nameof(OperationBaselineTests), name, enforceLatency: ReferenceRunner.EnforceLatency).AssertAsync();
    }
}
