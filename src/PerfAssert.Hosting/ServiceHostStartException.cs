namespace PerfAssert.Hosting;

/// <summary>
/// The application did not start: it threw, it did not start within <see cref="ServiceHostOptions.StartTimeout"/>, or it
/// tried to listen outside loopback. The message ends with what the application logged; <see cref="Log"/> has the entries.
/// </summary>
public sealed class ServiceHostStartException : Exception
{
    /// <summary>Creates the exception with an empty log.</summary>
    public ServiceHostStartException()
        : this("The service host failed to start.")
    {
    }

    /// <summary>Creates the exception with an empty log.</summary>
    /// <param name="message">What went wrong.</param>
    public ServiceHostStartException(string message)
        : this(message, innerException: null)
    {
    }

    /// <summary>Creates the exception with an empty log.</summary>
    /// <param name="message">What went wrong.</param>
    /// <param name="innerException">The application's own exception, if it threw.</param>
    public ServiceHostStartException(string message, Exception? innerException)
        : this(message, innerException, [])
    {
    }

    /// <summary>Creates the exception.</summary>
    /// <param name="message">What went wrong, with the log already written into it.</param>
    /// <param name="innerException">The application's own exception, if it threw.</param>
    /// <param name="log">What the application logged before it failed.</param>
    public ServiceHostStartException(string message, Exception? innerException, IReadOnlyList<ServiceHostLogEntry> log)
        : base(message, innerException)
    {
        ArgumentNullException.ThrowIfNull(log);
        Log = log;
    }

    /// <summary>What the application logged at or above <see cref="ServiceHostOptions.MinimumLogLevel"/> before it failed.</summary>
    public IReadOnlyList<ServiceHostLogEntry> Log { get; }
}
