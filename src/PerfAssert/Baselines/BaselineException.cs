namespace PerfAssert.Baselines;

/// <summary>A baseline file cannot be used: it is corrupt, of another schema version, or has a duplicate id. The message
/// names the file and what to do.</summary>
public sealed class BaselineException : Exception
{
    /// <summary>Creates the exception.</summary>
    public BaselineException(string message, Exception? innerException = null)
        : base(message, innerException)
    {
    }

    /// <summary>Creates the exception with no message.</summary>
    public BaselineException()
    {
    }

    /// <summary>Creates the exception with a message.</summary>
    public BaselineException(string message)
        : base(message)
    {
    }
}
