using PerfAssert.Reporting;
using Xunit.Sdk;

namespace PerfAssert.Xunit;

/// <summary>A performance budget failed: xUnit reports it as an assertion failure with every verdict's message.</summary>
public sealed class PerfBudgetException : Exception, IAssertionException
{
    /// <summary>Creates the exception for a failed result; the message is <see cref="ResultText.FormatFailure"/>.</summary>
    public PerfBudgetException(PerfResult result)
        : base(ResultText.FormatFailure(result))
    {
        Result = result;
    }

    /// <summary>The failed result.</summary>
    public PerfResult? Result { get; }
}
