namespace PerfAssert.BenchmarkDotNet.Tests.Migration;

public sealed class AttributeBudgetsTests
{
    [Fact]
    public void Of_MethodAttribute_ReplacesTheClassAttributeForThatMethod()
    {
        var benchmarks = BenchmarkClass.Of<ParseBenchmarks>();

        Assert.Equal(1.10, benchmarks.Case("Parse").Budgets.MeanAtMostBaseline);
        Assert.Equal(1.25, benchmarks.Case("TryParse").Budgets.MeanAtMostBaseline);
        Assert.False(benchmarks.Case("TryParse").Budgets.AllocationsAtMostBaseline);
        Assert.True(benchmarks.HasMemoryDiagnoser);
    }
}
