using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Verdicts;

public sealed class RatioDecisionTests
{
    private static readonly PerfOptions Options = new() { NoiseFloor = 0.01, ImprovementMark = 0.9 };

    [Theory]
    [InlineData(1.10, 1.07, 1.14, false, null)]
    [InlineData(1.10, 1.07, 1.14, true, VerdictOutcome.Inconclusive)]
    [InlineData(1.05, 1.03, 1.08, false, VerdictOutcome.Pass)]
    [InlineData(0.80, 0.78, 0.82, false, VerdictOutcome.Improved)]
    [InlineData(1.17, 1.13, 1.21, false, VerdictOutcome.Regression)]
    public void Decide_AgainstBudget1Point10(double estimate, double lower, double upper, bool final, VerdictOutcome? expected)
    {
        var ratio = new Interval(estimate, lower, upper, 0.99, 16);
        Assert.Equal(expected, RatioDecision.Decide(ratio, 1.10, Options, final));
    }

    [Fact]
    public void Decide_IntervalAboveBudgetButEstimateWithinNoiseFloor_IsNotRegression()
    {
        var ratio = new Interval(1.005, 1.001, 1.012, 0.99, 64);
        Assert.Equal(VerdictOutcome.Inconclusive, RatioDecision.Decide(ratio, 1.0, Options, finalLook: true));
    }

    [Fact]
    public void Decide_UpperBoundWithinNoiseFloorOfBudget_IsPass()
    {
        var ratio = new Interval(1.0, 0.995, 1.009, 0.99, 64);
        Assert.Equal(VerdictOutcome.Pass, RatioDecision.Decide(ratio, 1.0, Options, finalLook: false));
    }

    [Fact]
    public void Decide_UnboundedInterval_KeepsLookingThenInconclusive()
    {
        var ratio = new Interval(2.0, double.NegativeInfinity, double.PositiveInfinity, 0.99, 4);
        Assert.Null(RatioDecision.Decide(ratio, 1.0, Options, finalLook: false));
        Assert.Equal(VerdictOutcome.Inconclusive, RatioDecision.Decide(ratio, 1.0, Options, finalLook: true));
    }
}
