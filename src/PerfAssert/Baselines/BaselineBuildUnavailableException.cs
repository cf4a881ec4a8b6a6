namespace PerfAssert.Baselines;

/// <summary>
/// The reference build cannot be had (no <c>baselines/reference.json</c>, a commit this clone does not have, a failed
/// restore or build, a worker that would not start). The verdict says so and falls back to the advisory comparison with
/// the calibration workload; the message names the cause and the fix.
/// </summary>
public sealed class BaselineBuildUnavailableException : Exception
{
    /// <summary>Creates the exception.</summary>
    public BaselineBuildUnavailableException()
    {
    }

    /// <summary>Creates the exception with a message naming the cause and the fix.</summary>
    public BaselineBuildUnavailableException(string message)
        : base(message)
    {
    }

    /// <summary>Creates the exception with a message and its cause.</summary>
    public BaselineBuildUnavailableException(string message, Exception innerException)
        : base(message, innerException)
    {
    }
}
