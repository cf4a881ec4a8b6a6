using System.Globalization;
using PerfAssert.Tests.Support;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Engine;

/// <summary>Allocations are exact, so these run on the real clock and real runtime counters.</summary>
[Collection(RealClockCollection.Name)]
public sealed class AllocationVerdictTests
{
    private static object? _sink;
    private static int _id;

    [Fact]
    public async Task RunAsync_OneExtraAllocationPerOp_IsRegressionAgainstThePartner()
    {
        var result = await Perf.Measure("with extra object", () => { _sink = new object(); _sink = Work(); })
            .ComparedTo("without", () => { _sink = Work(); })
            .AllocatedBytesAtMostPartner()
            // The verdict is the question here; its diagnosis is ThisProcessDiagnosisTests' (about 8 s).
            .WithOptions(o => o with { Diagnosis = PerfAssert.Diagnosis.DiagnosisMode.Never })
            .RunAsync(TestContext.Current.CancellationToken);

        var verdict = Assert.Single(result.Verdicts);
        Assert.Equal(VerdictOutcome.Regression, verdict.Outcome);
        Assert.True(Math.Abs(verdict.Measured.Estimate - verdict.Limit - 24) < 1, $"{result.Subject.Allocations} vs {result.Partner!.Allocations}");
    }

    [Fact]
    public async Task RunAsync_SameAllocations_PassesAgainstThePartner()
    {
        var result = await Perf.Measure("a", () => { _sink = new byte[64]; })
            .ComparedTo("b", () => { _sink = new byte[64]; })
            .AllocatedBytesAtMostPartner()
            .RunAsync(TestContext.Current.CancellationToken);

        Assert.Equal(VerdictOutcome.Pass, Assert.Single(result.Verdicts).Outcome);
    }

    // begin-snippet: run-async
    [Fact]
    public async Task RunAsync_ParseFromSpanAgainstSplit_PassesWithNothingAllocated()
    {
        const string line = "42,orders,open";

        var result = await Perf.Measure("parse a span", () => _id = int.Parse(line.AsSpan(0, line.IndexOf(',')), CultureInfo.InvariantCulture))
            .ComparedTo("split, then parse", () => _id = int.Parse(line.Split(',')[0], CultureInfo.InvariantCulture))
            .AllocatedBytesAtMostPartner()      // exact, per call: at most what the partner allocates
            .RunAsync(TestContext.Current.CancellationToken);

        // RunAsync judges without throwing. Failed is what an adapter fails the test on; Summary is one line per verdict.
        Assert.False(result.Failed, result.Summary);
        Assert.Equal(0, result.Subject.Allocations!.BytesPerOp, 0.5);
    }
    // end-snippet

    [Fact]
    public async Task RunAsync_ByteArrayOf100_MeasuresExactly128BytesPerOp()
    {
        // 24 bytes of array header and length, 100 of data, rounded up to 8: 128 on 64-bit .NET.
        var pass = await Perf.Measure("new byte[100]", () => { _sink = new byte[100]; }).AllocatedBytesAtMost(128).RunAsync(TestContext.Current.CancellationToken);
        var fail = await Perf.Measure("new byte[100]", () => { _sink = new byte[100]; }).AllocatedBytesAtMost(120).RunAsync(TestContext.Current.CancellationToken);

        Assert.Equal(128, pass.Subject.Allocations!.BytesPerOp, 0.5);
        Assert.Equal(VerdictOutcome.Pass, pass.Verdicts[0].Outcome);
        Assert.Equal(VerdictOutcome.Regression, fail.Verdicts[0].Outcome);
        Assert.Contains("128", fail.Verdicts[0].Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_AsyncOperationHoppingThreads_CountsItsAllocationsProcessWide()
    {
        var result = await Perf.Measure("async with array", async _ =>
            {
                await Task.Yield();
                _sink = new byte[1000];
            })
            .AllocatedBytesAtMost(100)
            .RunAsync(TestContext.Current.CancellationToken);

        Assert.Equal(VerdictOutcome.Regression, result.Verdicts[0].Outcome);
        Assert.InRange(result.Subject.Allocations!.BytesPerOp, 1024, 1600);
    }

    [Fact]
    public async Task RunAsync_AllocationHeavyOperation_CountsGen0Collections()
    {
        var result = await Perf.Measure("16 KB per op", () => { _sink = new byte[16 * 1024]; })
            .GcCollectionsAtMost(0, 0)
            .RunAsync(TestContext.Current.CancellationToken);

        Assert.Equal(VerdictOutcome.Regression, result.Verdicts[0].Outcome);
        Assert.True(result.Subject.Allocations!.Gen0PerThousandOps > 0);
    }

    private static int[] Work() => [1, 2, 3];
}
