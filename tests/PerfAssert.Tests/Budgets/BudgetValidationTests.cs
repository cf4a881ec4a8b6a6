using PerfAssert.Budgets;

namespace PerfAssert.Tests.Budgets;

public sealed class BudgetValidationTests
{
    public static TheoryData<Budget, string> Nonsense => new()
    {
        { new RelativeLatencyBudget(LatencyStatistic.Mean, 0), "MaxRatio" },
        { new RelativeLatencyBudget(LatencyStatistic.Mean, -1.1), "MaxRatio" },
        { new RelativeLatencyBudget(LatencyStatistic.P95, double.NaN), "MaxRatio" },
        { new RelativeLatencyBudget(LatencyStatistic.Mean, double.PositiveInfinity), "MaxRatio" },
        { new AllocationBudget(-1), "MaxBytesPerOp" },
        { new AllocationBudget(10, double.NaN), "Tolerance" },
        { new RelativeAllocationBudget(double.NaN), "ExtraBytesPerOp" },
        { new GcBudget(3, 1), "Generation" },
        { new GcBudget(0, -0.5), "MaxPerThousandOps" },
        { new AbsoluteLatencyBudget(LatencyStatistic.Mean, TimeSpan.Zero), "Max" },
    };

    [Theory]
    [MemberData(nameof(Nonsense))]
    public void Validate_NonsenseBudget_ThrowsNamingTheSetting(Budget budget, string setting)
    {
        var error = Assert.ThrowsAny<ArgumentException>(budget.Validate);
        Assert.Equal(setting, error.ParamName);
    }

    [Fact]
    public void MeanAtMost_Nonsense_ThrowsBeforeAnythingIsMeasured()
    {
        var measured = false;
        var builder = Perf.Measure("subject", () => measured = true);
        Assert.Throws<ArgumentOutOfRangeException>(() => builder.MeanAtMost(double.NaN));
        Assert.False(measured);
    }

    [Fact]
    public async Task RunAsync_RelativeBudgetWithoutPartner_ThrowsNamingComparedTo()
    {
        var measured = false;
        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => Perf.Measure("subject", () => measured = true).MeanAtMost(1.1).RunAsync(TestContext.Current.CancellationToken));
        Assert.Contains("ComparedTo", error.Message, StringComparison.Ordinal);
        Assert.False(measured);
    }
}
