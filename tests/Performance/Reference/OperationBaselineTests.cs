using PerfAssert.Targets.Reference;
using PerfAssert.Xunit;

namespace PerfAssert.Performance.Reference;

/// <summary>
/// The data-stream and todo operations (1 and 10 simultaneous clients) judged against the reference build, as
/// <see cref="LatencyBaselineTests"/> judges the round trips (a representative part by default, see <see cref="ReferenceMatrix"/>); figures and allowances in <c>baselines/OperationBaselineTests.json</c>.
/// </summary>
[Collection(TargetsBuildsCollection.Name)]
public sealed class OperationBaselineTests(TargetsBuilds targets)
{
    public static TheoryData<string> Cases =>
        [.. ReferenceMatrix.Select([.. DataStreamCases.All.Select(c => c.Name), .. TodoCases.All.Select(c => c.Name).Where(n => n.StartsWith("TodoFirst", StringComparison.Ordinal) || n.StartsWith("TodoSendOne", StringComparison.Ordinal))], ReferenceMatrix.Operations)];

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Operation_AgainstTheReferenceBuild_StaysWithinIt(string name)
    {
        await Perf.Measure(name, targets.Open(name)).AgainstBaseline(nameof(OperationBaselineTests), name, targets.Builds).WithOptions(o => TargetsBuilds.Shape(name, o)).AssertAsync();
    }
}
