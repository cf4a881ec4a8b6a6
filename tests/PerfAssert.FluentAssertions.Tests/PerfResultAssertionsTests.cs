using PerfAssert.Reporting;
using PerfAssert.Verdicts;
using Xunit.Sdk;

namespace PerfAssert.Assertions.Tests;

public sealed class PerfResultAssertionsTests(MeasuredResults measured)
{
    private static readonly string NL = System.Environment.NewLine;

    [Fact]
    public void PassAllBudgets_IdenticalAllocations_Passes()
    {
        var result = measured.Passing;

        var and = result.Should().PassAllBudgets();

        Assert.Equal(VerdictOutcome.Pass, Assert.Single(result.Verdicts).Outcome);
        Assert.Same(result, and.And.Subject);
    }

    [Fact]
    public void PassAllBudgets_OneExtraObjectPerOp_FailsWithTheAdaptersFailureText()
    {
        var result = measured.Regressing;

        var error = Assert.Throws<XunitException>(() => result.Should().PassAllBudgets("the parser must not allocate more than {0}", "its partner"));

        Assert.Equal(
            "Expected result to pass all its budgets because the parser must not allocate more than its partner, but it failed:" + NL + ResultText.FormatFailure(result),
            error.Message);
        Assert.Contains(NL + "with extra object / without allocated vs partner = ", error.Message, StringComparison.Ordinal);
        Assert.EndsWith(": Regression", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void PassAllBudgets_BracesInNamesAndEveryFailingVerdict_ListedVerbatim()
    {
        var result = Samples.Result(Samples.Ratio(VerdictOutcome.Pass, 1.0), Samples.Ratio(VerdictOutcome.Regression), Samples.Allocation(VerdictOutcome.Invalid, 600));

        var error = Assert.Throws<XunitException>(() => result.Should().PassAllBudgets());

        Assert.Equal(
            "Expected result to pass all its budgets, but it failed:" + NL +
            "Performance budget failed for 'Parser {fast}':" + NL +
            "MessagePack / WcfText mean = 1.17 [1.13, 1.21] > budget 1.10 (16 blocks, 99% CI): Regression" + NL +
            "Parser allocated = 600 B/op vs budget 512 B/op (min of 3 x 1,000 ops): Invalid",
            error.Message);
    }

    [Fact]
    public void PassAllBudgets_AdvisoryRegressionAndInconclusive_Passes()
    {
        var result = Samples.Result(Samples.Ratio(VerdictOutcome.Regression) with { Advisory = true }, Samples.Ratio(VerdictOutcome.Inconclusive, 1.1));

        result.Should().PassAllBudgets();
    }

    [Fact]
    public void PassAllBudgets_InconclusiveInStrictMode_Fails()
    {
        var result = Samples.Result(Samples.Ratio(VerdictOutcome.Inconclusive, 1.1)) with { Strict = true };

        var error = Assert.Throws<XunitException>(() => result.Should().PassAllBudgets());

        Assert.EndsWith(NL + "MessagePack / WcfText mean = 1.10 [1.06, 1.14] vs budget 1.10 (16 blocks, 99% CI): Inconclusive", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void PassAllBudgets_NullResult_FailsSayingSo()
    {
        PerfResult? result = null;

        var error = Assert.Throws<XunitException>(() => result.Should().PassAllBudgets());

        Assert.Equal("Expected result to pass all its budgets, but found <null>.", error.Message);
    }

    [Fact]
    public void NotRegress_RealRegression_FailsListingOnlyTheRegression()
    {
        var result = measured.Regressing;

        var error = Assert.Throws<XunitException>(() => result.Should().NotRegress());

        Assert.Equal("Expected result not to regress, but 1 verdict regressed:" + NL + result.Verdicts[0].Message, error.Message);
    }

    [Fact]
    public void NotRegress_AdvisoryRegression_FailsAndSaysAdvisory()
    {
        var result = Samples.Result(Samples.Ratio(VerdictOutcome.Pass, 1.0), Samples.Ratio(VerdictOutcome.Regression) with { Advisory = true });

        var error = Assert.Throws<XunitException>(() => result.Should().NotRegress());

        Assert.Equal(
            "Expected result not to regress, but 1 verdict regressed:" + NL +
            "MessagePack / WcfText mean = 1.17 [1.13, 1.21] > budget 1.10 (16 blocks, 99% CI): Regression (advisory)",
            error.Message);
    }

    [Fact]
    public void NotRegress_NoBaselineAndInvalid_Passes()
    {
        var result = Samples.Result(Samples.Allocation(VerdictOutcome.Invalid, 600), Samples.Ratio(VerdictOutcome.Inconclusive, 1.1));

        result.Should().NotRegress();
        Assert.True(result.Failed);
    }

    [Fact]
    public void NotRegress_IdenticalAllocations_Passes()
    {
        var result = measured.Passing;

        result.Should().NotRegress();
    }

    [Fact]
    public void HaveVerdict_RealRegression_WhichIsTheRegressingVerdict()
    {
        var result = measured.Regressing;

        var verdict = result.Should().HaveVerdict(VerdictOutcome.Regression).Which;

        Assert.Same(result.Verdicts[0], verdict);
        Assert.True(verdict.Measured.Estimate > verdict.Limit);
    }

    [Fact]
    public void HaveVerdict_OutcomeMissing_FailsListingEveryVerdict()
    {
        var result = measured.Passing;

        var error = Assert.Throws<XunitException>(() => result.Should().HaveVerdict(VerdictOutcome.Regression, "one extra object per op is {0} bytes", 24));

        Assert.Equal(
            "Expected result to have a Regression verdict because one extra object per op is 24 bytes, but its only verdict was:" + NL + result.Verdicts[0].Message,
            error.Message);
    }

    [Fact]
    public void HaveVerdict_OutcomeMissingAmongSeveral_FailsListingEveryVerdict()
    {
        var result = Samples.Result(Samples.Ratio(VerdictOutcome.Pass, 1.0), Samples.Allocation(VerdictOutcome.Improved, 100));

        var error = Assert.Throws<XunitException>(() => result.Should().HaveVerdict(VerdictOutcome.Regression));

        Assert.Equal(
            "Expected result to have a Regression verdict, but its 2 verdicts were:" + NL +
            "MessagePack / WcfText mean = 1.00 [0.96, 1.04] <= budget 1.10 (16 blocks, 99% CI): Pass" + NL +
            "Parser allocated = 100 B/op <= budget 512 B/op (min of 3 x 1,000 ops): Improved",
            error.Message);
    }

    [Fact]
    public void HaveVerdict_NoVerdicts_FailsSayingSo()
    {
        var result = Samples.Result();

        var error = Assert.Throws<XunitException>(() => result.Should().HaveVerdict(VerdictOutcome.Pass));

        Assert.Equal("Expected result to have a Pass verdict, but it has no verdicts.", error.Message);
    }

    [Fact]
    public void HaveVerdict_UndefinedOutcome_ThrowsArgumentOutOfRange()
    {
        var result = Samples.Result(Samples.Ratio(VerdictOutcome.Pass, 1.0));

        var error = Assert.Throws<ArgumentOutOfRangeException>(() => result.Should().HaveVerdict((VerdictOutcome)42));

        Assert.Equal("expected", error.ParamName);
        Assert.Contains("Pass, Improved, Inconclusive, Regression, NoBaseline, Invalid", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void AssertionScope_SeveralFailures_ReportedTogether()
    {
        var result = measured.Regressing;
        PerfResult? missing = null;

        var error = Assert.Throws<XunitException>(() =>
        {
            using var scope = new AssertionScope();
            result.Should().PassAllBudgets();
            result.Should().NotRegress();
            missing.Should().HaveVerdict(VerdictOutcome.Pass);
        });

        Assert.Contains("Expected result to pass all its budgets, but it failed:", error.Message, StringComparison.Ordinal);
        Assert.Contains("Expected result not to regress, but 1 verdict regressed:", error.Message, StringComparison.Ordinal);
        // The identifier of the null one is "missing" when FluentAssertions can read this source file, "result" when the
        // build maps source paths (CI): only what follows it is checked.
        Assert.Contains(" to have a Pass verdict, but found <null>.", error.Message, StringComparison.Ordinal);
    }
}
