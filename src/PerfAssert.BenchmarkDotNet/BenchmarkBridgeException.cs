namespace PerfAssert.BenchmarkDotNet;

/// <summary>
/// A benchmark class, member or BenchmarkDotNet JSON file the bridge cannot run or read honestly; the message names the
/// class, member or file and what to change. Thrown before anything is measured.
/// </summary>
public sealed class BenchmarkBridgeException : Exception
{
    /// <summary>Creates the exception.</summary>
    public BenchmarkBridgeException()
    {
    }

    /// <summary>Creates the exception with a message.</summary>
    public BenchmarkBridgeException(string message)
        : base(message)
    {
    }

    /// <summary>Creates the exception with a message and the error behind it.</summary>
    public BenchmarkBridgeException(string message, Exception innerException)
        : base(message, innerException)
    {
    }
}
