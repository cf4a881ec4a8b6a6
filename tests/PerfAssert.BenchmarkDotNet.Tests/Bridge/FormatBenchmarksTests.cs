using InvoiceBenchmarks;
using PerfAssert.Xunit;

namespace PerfAssert.BenchmarkDotNet.Tests.Bridge;

/// <summary>
/// The sample's unchanged BenchmarkDotNet class, run through PerfAssert: one test result per case. Every benchmark at most
/// 1.10x the baseline method's mean and no more allocations than it, and each case held to its committed entry in
/// <c>baselines/FormatBenchmarks.json</c> (allocations exact, mean as a ratio to the baseline method).
/// </summary>
[Collection(BenchmarksCollection.Name)]
public sealed class FormatBenchmarksTests
{
    // begin-snippet: bridge-budgets
    private static readonly BenchmarkClass Benchmarks = BenchmarkClass.Of<FormatBenchmarks>(new BenchmarkBudgets
    {
        MeanAtMostBaseline = 1.10,
        AllocationsAtMostBaseline = true,
        BaselineFile = "FormatBenchmarks",
    });

    public static TheoryData<string> Cases => [.. Benchmarks.CaseIds];

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Case_UnchangedClass_StaysWithinBudgets(string id) =>
        await Benchmarks.Case(id).RunAsync(b => b.AssertAsync(), TestContext.Current.CancellationToken);
    // end-snippet
}
