using System.Diagnostics.Contracts;
using PerfAssert.Verdicts;

#if AWESOME_ASSERTIONS
namespace PerfAssert.AwesomeAssertions;
#else
namespace PerfAssert.FluentAssertions;
#endif

/// <summary>The <c>Should()</c> entry points for PerfAssert results and verdicts.</summary>
public static class PerfAssertionExtensions
{
    /// <summary>Starts assertions on a performance test's result, for example <c>result.Should().PassAllBudgets()</c>.</summary>
    [Pure]
    public static PerfResultAssertions Should(this PerfResult? actualValue) => new(actualValue);

    /// <summary>Starts assertions on one budget's verdict, for example <c>verdict.Should().BeWithinBudget()</c>.</summary>
    [Pure]
    public static VerdictAssertions Should(this Verdict? actualValue) => new(actualValue);
}
