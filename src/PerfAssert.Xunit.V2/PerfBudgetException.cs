using PerfAssert.Reporting;
using Xunit.Sdk;

namespace PerfAssert.Xunit.V2;

/// <summary>A performance budget failed: xUnit v2 reports it as an assertion failure with every failing verdict's message.</summary>
public sealed class PerfBudgetException : XunitException
{
    /// <summary>Creates the exception for a failed result; the message is <see cref="ResultText.FormatFailure"/>.</summary>
    public PerfBudgetException(PerfResult result)
        : base(ResultText.FormatFailure(result))
    {
        Result = result;
    }

    /// <summary>The failed result.</summary>
    public PerfResult Result { get; }
}
