using InvoiceBenchmarks;
using PerfAssert.Verdicts;

namespace PerfAssert.BenchmarkDotNet.Tests.Bridge;

/// <summary>
/// The budgets bite: the unchanged benchmark class, once with its code under test made about a quarter slower and one
/// 64-byte allocation heavier (<see cref="Faults.SlowerFormatter"/>, read when the formatter is created in
/// <c>[GlobalSetup]</c>) and once without, measured interleaved in the same run. The regressed instance is held to the
/// unchanged one: at most 1.10x its mean and no more allocations. A committed figure from another run cannot show a 25%
/// change reliably on a shared 2-core runner (the unchanged case's ratio to the baseline method moved 0.48 to 0.56
/// between two runs here), and an extra 88 bytes hides in the 3% tolerance of a committed 4,704 B/op.
/// </summary>
[Collection(BenchmarksCollection.Name)]
public sealed class InjectedRegressionTests
{
    [Fact]
    public async Task Buffered_SlowerFormatterInjected_IsConfirmedRegressionAndAllocationRegression()
    {
        var item = BenchmarkClass.Of<FormatBenchmarks>().Case("Buffered(Rows: 128)");
        Faults.SlowerFormatter = true;
        BenchmarkInstance regressed;
        try
        {
            regressed = await item.CreateInstanceAsync("Buffered(Rows: 128) with SlowerFormatter");
        }
        finally
        {
            Faults.SlowerFormatter = false;
        }

        await using (regressed)
        await using (var unchanged = await item.CreateInstanceAsync())
        {
            var result = await Perf.Measure(regressed.Operation)
                .ComparedTo(unchanged.Operation)
                .MeanAtMost(1.10)
                .AllocatedBytesAtMostPartner()
                // Up to 256 blocks rather than 64: with another build on the same two cores, 64 blocks left a 1.28x
                // regression's interval at [1.09, 1.50], Inconclusive against 1.10. The verdicts are the question, not where
                // the time goes (a diagnosis in this process is ThisProcessDiagnosisTests', about 7 s).
                .WithOptions(o => o with { MaxBlocks = 256, Diagnosis = PerfAssert.Diagnosis.DiagnosisMode.Never })
                .RunAsync(TestContext.Current.CancellationToken);

            TestContext.Current.TestOutputHelper?.WriteLine(result.Summary);
            var allocation = Assert.Single(result.Verdicts, v => v.Unit == "B/op");
            var latency = Assert.Single(result.Verdicts, v => v.Unit != "B/op");
            Assert.Equal(VerdictOutcome.Regression, allocation.Outcome);
            Assert.Equal(VerdictOutcome.Regression, latency.Outcome);
            Assert.True(latency.Confirmed, latency.Message);
            Assert.True(result.Failed);
        }
    }

    [Fact]
    public async Task Buffered_NoFault_PassesTheSameBudgets()
    {
        var item = BenchmarkClass.Of<FormatBenchmarks>().Case("Buffered(Rows: 128)");
        await using var first = await item.CreateInstanceAsync("Buffered(Rows: 128) A");
        await using var second = await item.CreateInstanceAsync("Buffered(Rows: 128) B");

        var result = await Perf.Measure(first.Operation)
            .ComparedTo(second.Operation)
            .MeanAtMost(1.10)
            .AllocatedBytesAtMostPartner()
            .RunAsync(TestContext.Current.CancellationToken);

        TestContext.Current.TestOutputHelper?.WriteLine(result.Summary);
        Assert.False(result.Failed, result.Summary);
    }
}
