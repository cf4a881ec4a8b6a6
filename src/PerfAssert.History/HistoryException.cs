namespace PerfAssert.History;

/// <summary>
/// The history store cannot be used as asked: a file that is not a PerfAssert history (or not SQLite at all), a file
/// another process holds locked, a PostgreSQL server that cannot be reached or is too old, a store written by a newer
/// PerfAssert. The message names the file or server and what to do; nothing was written.
/// </summary>
public sealed class HistoryException : Exception
{
    /// <summary>Creates the exception with its message.</summary>
    public HistoryException(string message)
        : base(message)
    {
    }

    /// <summary>Creates the exception with its message and the error behind it.</summary>
    public HistoryException(string message, Exception innerException)
        : base(message, innerException)
    {
    }

    /// <summary>Creates the exception without a message (for serializers and tooling); prefer the other constructors.</summary>
    public HistoryException()
    {
    }
}
