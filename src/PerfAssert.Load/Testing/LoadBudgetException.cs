namespace PerfAssert.Load.Testing;

/// <summary>A load budget failed; the message holds every verdict's line and what each side measured.</summary>
public sealed class LoadBudgetException : Exception
{
    /// <summary>Creates the exception for a failed result.</summary>
    public LoadBudgetException(LoadTestResult result)
        : base(result?.Text ?? throw new ArgumentNullException(nameof(result)))
    {
        Result = result;
    }

    /// <summary>The failed result.</summary>
    public LoadTestResult Result { get; }
}
