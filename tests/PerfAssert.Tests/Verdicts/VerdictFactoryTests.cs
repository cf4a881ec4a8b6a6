using PerfAssert.Budgets;
using PerfAssert.Measurement;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Verdicts;

public sealed class VerdictFactoryTests
{
    [Fact]
    public void Relative_RegressionNotConfirmedByReversedPass_IsInconclusiveWithBothFigures()
    {
        var verdict = VerdictFactory.Relative(Plan(), new RelativeLatencyBudget(LatencyStatistic.Mean, 1.1), Comparison(VerdictOutcome.Pass), 0);

        Assert.Equal(VerdictOutcome.Inconclusive, verdict.Outcome);
        Assert.False(verdict.Confirmed);
        Assert.Contains("1.25 [1.15, 1.35]", verdict.Reason, StringComparison.Ordinal);
        Assert.Contains("did not", verdict.Reason, StringComparison.Ordinal);
        Assert.Equal("8 blocks + 16 blocks reversed", verdict.Evidence);
    }

    [Fact]
    public void Relative_RegressionConfirmedByReversedPass_IsConfirmedRegression()
    {
        var verdict = VerdictFactory.Relative(Plan(), new RelativeLatencyBudget(LatencyStatistic.Mean, 1.1), Comparison(VerdictOutcome.Regression), 0);

        Assert.Equal(VerdictOutcome.Regression, verdict.Outcome);
        Assert.True(verdict.Confirmed);
        Assert.EndsWith("confirmed): Regression", verdict.Message, StringComparison.Ordinal);
    }

    private static PerfPlan Plan() => Perf.Measure("A", () => { }).ComparedTo("B", () => { }).MeanAtMost(1.1).Build();

    private static Comparison Comparison(VerdictOutcome second)
    {
        var first = new BlockPass(1);
        first.Orders.AddRange(Enumerable.Repeat(true, 8));
        first.Ratios[0] = new Interval(1.25, 1.15, 1.35, 0.99, 8);
        first.Outcomes[0] = VerdictOutcome.Regression;
        var confirmation = new BlockPass(1);
        confirmation.Orders.AddRange(Enumerable.Repeat(false, 16));
        confirmation.Ratios[0] = second == VerdictOutcome.Regression ? new Interval(1.22, 1.16, 1.3, 0.99, 16) : new Interval(1.0, 0.97, 1.03, 0.99, 16);
        confirmation.Outcomes[0] = second;
        return new Comparison(first, [new Confirmation(confirmation, 0)]);
    }
}
