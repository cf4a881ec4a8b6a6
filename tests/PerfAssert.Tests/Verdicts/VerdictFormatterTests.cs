using System.Globalization;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Verdicts;

public sealed class VerdictFormatterTests
{
    [Fact]
    public void Format_ConfirmedRelativeRegression_SaysBothSidesRatioIntervalBudgetAndEvidence()
    {
        var verdict = new Verdict
        {
            Subject = "MessagePack Large-100",
            Partner = "WCF Large-100",
            Metric = "median",
            Unit = "x",
            Measured = new Interval(1.17, 1.13, 1.21, 0.99, 16),
            Limit = 1.10,
            Outcome = VerdictOutcome.Regression,
            Evidence = "16 blocks + 16 blocks reversed",
            Confirmed = true,
        };

        Assert.Equal(
            "MessagePack Large-100 / WCF Large-100 median = 1.17 [1.13, 1.21] > budget 1.10 (16 blocks + 16 blocks reversed, 99% CI, confirmed): Regression",
            verdict.Message);
    }

    [Fact]
    public void Format_AllocationPass_ShowsExactBytesAndEvidence()
    {
        var verdict = new Verdict
        {
            Subject = "Minimal STJ Small-10",
            Metric = "allocated",
            Unit = "B/op",
            Measured = new Interval(1234, 1234, 1234, 1, 0),
            Limit = 1300,
            Tolerance = 1,
            Outcome = VerdictOutcome.Pass,
            Evidence = "min of 3 x 1,000 ops, process scope",
        };

        Assert.Equal("Minimal STJ Small-10 allocated = 1,234 B/op <= budget 1,301 B/op = 1,300 + tolerance 1 (min of 3 x 1,000 ops, process scope): Pass", verdict.Message);
    }

    [Fact]
    public void Format_AllocationPassAboveTheCommittedFigure_StatesTheEffectiveLimit()
    {
        // A new user read "= 86,985 B/op <= budget 84,913 B/op ... : Pass" as a contradiction: the budget printed must be
        // the one the figure was held to, tolerance included.
        var verdict = new Verdict
        {
            Subject = "GET /price-b",
            Metric = "allocated (baseline 84,913)",
            Unit = "B/op",
            Measured = new Interval(86_985, 86_985, 86_985, 1, 0),
            Limit = 84_913,
            Tolerance = 2548.38,
            Outcome = VerdictOutcome.Pass,
            Evidence = "min of 3 x 100 ops, process scope",
        };

        Assert.Equal("GET /price-b allocated (baseline 84,913) = 86,985 B/op <= budget 87,461 B/op = 84,913 + tolerance 2,548 (min of 3 x 100 ops, process scope): Pass", verdict.Message);
    }

    [Fact]
    public void Format_InconclusiveWithReason_NamesTheReason()
    {
        var verdict = new Verdict
        {
            Subject = "A",
            Partner = "B",
            Metric = "mean",
            Unit = "x",
            Measured = new Interval(1.02, 0.97, 1.08, 0.99, 64),
            Limit = 1.0,
            Outcome = VerdictOutcome.Inconclusive,
            Evidence = "64 blocks",
            Reason = "time budget spent",
        };

        Assert.Equal("A / B mean = 1.02 [0.97, 1.08] vs budget 1.00 (64 blocks, 99% CI): Inconclusive - time budget spent", verdict.Message);
    }

    [Fact]
    public void Format_UnderAnotherCulture_StaysInvariant()
    {
        var previous = CultureInfo.CurrentCulture;
        CultureInfo.CurrentCulture = CultureInfo.GetCultureInfo("de-DE");
        try
        {
            Assert.Equal("1,234", VerdictFormatter.Number(1234));
            Assert.Equal("1.50", VerdictFormatter.Number(1.5));
        }
        finally
        {
            CultureInfo.CurrentCulture = previous;
        }
    }

    [Theory]
    [InlineData(VerdictOutcome.Regression, false, false, true)]
    [InlineData(VerdictOutcome.Regression, true, false, false)]
    [InlineData(VerdictOutcome.Inconclusive, false, false, false)]
    [InlineData(VerdictOutcome.Inconclusive, false, true, true)]
    [InlineData(VerdictOutcome.Invalid, false, false, true)]
    [InlineData(VerdictOutcome.Invalid, true, false, false)]
    [InlineData(VerdictOutcome.NoBaseline, true, false, true)]
    [InlineData(VerdictOutcome.Improved, false, true, false)]
    public void Fails_DependsOnOutcomeAdvisoryAndStrict(VerdictOutcome outcome, bool advisory, bool strict, bool fails)
    {
        Assert.Equal(fails, WithOutcome(outcome, advisory).Fails(strict));
    }

    [Theory]
    [InlineData(VerdictOutcome.Inconclusive, false, false, true)]
    [InlineData(VerdictOutcome.Inconclusive, false, true, false)]
    [InlineData(VerdictOutcome.Inconclusive, true, true, true)]
    [InlineData(VerdictOutcome.Regression, true, false, true)]
    [InlineData(VerdictOutcome.Regression, false, false, false)]
    [InlineData(VerdictOutcome.Pass, true, false, false)]
    [InlineData(VerdictOutcome.Invalid, true, false, true)]
    [InlineData(VerdictOutcome.Invalid, false, false, false)]
    public void Warns_OnlyWhatDoesNotFailButDeservesAttention(VerdictOutcome outcome, bool advisory, bool strict, bool warns)
    {
        Assert.Equal(warns, WithOutcome(outcome, advisory).Warns(strict));
    }

    private static Verdict WithOutcome(VerdictOutcome outcome, bool advisory) => new()
    {
        Subject = "A",
        Metric = "mean",
        Unit = "x",
        Measured = new Interval(1, 1, 1, 1, 0),
        Limit = 1,
        Outcome = outcome,
        Evidence = "x",
        Advisory = advisory,
    };
}
