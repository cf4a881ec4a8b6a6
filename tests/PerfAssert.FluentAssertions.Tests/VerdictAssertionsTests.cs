using PerfAssert.Verdicts;
using Xunit.Sdk;

namespace PerfAssert.Assertions.Tests;

public sealed class VerdictAssertionsTests(MeasuredResults measured)
{
    private static readonly string NL = System.Environment.NewLine;

    [Fact]
    public void HaveOutcome_RealAllocationVerdicts_MatchTheirOutcomes()
    {
        var verdict = measured.Regressing.Verdicts[0];
        var passing = measured.Passing.Verdicts[0];

        verdict.Should().HaveOutcome(VerdictOutcome.Regression);
        passing.Should().HaveOutcome(VerdictOutcome.Pass).And.BeWithinBudget();
    }

    [Fact]
    public void HaveOutcome_Different_FailsWithTheVerdictMessage()
    {
        var verdict = measured.Regressing.Verdicts[0];

        var error = Assert.Throws<XunitException>(() => verdict.Should().HaveOutcome(VerdictOutcome.Pass, "both sides build the same array"));

        Assert.Equal("Expected verdict to be Pass because both sides build the same array, but it was Regression:" + NL + verdict.Message, error.Message);
    }

    [Fact]
    public void HaveOutcome_UndefinedOutcome_ThrowsArgumentOutOfRange()
    {
        var verdict = Samples.Ratio(VerdictOutcome.Pass, 1.0);

        var error = Assert.Throws<ArgumentOutOfRangeException>(() => verdict.Should().HaveOutcome((VerdictOutcome)(-1)));

        Assert.Equal("expected", error.ParamName);
    }

    [Theory]
    [InlineData(VerdictOutcome.Pass)]
    [InlineData(VerdictOutcome.Improved)]
    public void BeWithinBudget_PassOrImproved_Passes(VerdictOutcome outcome)
    {
        var verdict = Samples.Ratio(outcome, 0.6);

        verdict.Should().BeWithinBudget();
    }

    [Theory]
    [InlineData(VerdictOutcome.Inconclusive, "MessagePack / WcfText mean = 1.17 [1.13, 1.21] vs budget 1.10 (16 blocks, 99% CI): Inconclusive")]
    [InlineData(VerdictOutcome.Regression, "MessagePack / WcfText mean = 1.17 [1.13, 1.21] > budget 1.10 (16 blocks, 99% CI): Regression")]
    [InlineData(VerdictOutcome.Invalid, "MessagePack / WcfText mean = 1.17 [1.13, 1.21] vs budget 1.10 (16 blocks, 99% CI): Invalid")]
    public void BeWithinBudget_OtherOutcomes_FailWithTheVerdictMessage(VerdictOutcome outcome, string message)
    {
        var verdict = Samples.Ratio(outcome);

        var error = Assert.Throws<XunitException>(() => verdict.Should().BeWithinBudget());

        Assert.Equal($"Expected verdict to be within its budget, but it was {outcome}:" + NL + message, error.Message);
    }

    [Fact]
    public void BeWithinBudget_NullVerdict_FailsSayingSo()
    {
        Verdict? verdict = null;

        var error = Assert.Throws<XunitException>(() => verdict.Should().BeWithinBudget());

        Assert.Equal("Expected verdict to be within its budget, but found <null>.", error.Message);
    }
}
