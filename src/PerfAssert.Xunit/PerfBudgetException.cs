using Xunit.Sdk;

namespace PerfAssert.Xunit;

/// <summary>A performance budget failed: xUnit reports it as an assertion failure with every verdict's message.</summary>
public sealed class PerfBudgetException : Exception, IAssertionException
{
    /// <summary>Creates the exception for a failed result.</summary>
    public PerfBudgetException(PerfResult result)
        : base(Describe(result))
    {
        Result = result;
    }

    /// <summary>The failed result.</summary>
    public PerfResult? Result { get; }

    private static string Describe(PerfResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        var failing = result.Verdicts.Where(v => v.Fails(result.Strict)).Select(v => v.Message);
        return $"Performance budget failed for '{result.Name}':{System.Environment.NewLine}{string.Join(System.Environment.NewLine, failing)}";
    }
}
