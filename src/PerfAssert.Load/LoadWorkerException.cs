namespace PerfAssert.Load;

/// <summary>The load worker process failed: it crashed, hung past its time, could not reach its target or rejected the plan.</summary>
public sealed class LoadWorkerException : Exception
{
    /// <summary>Creates the exception without a message.</summary>
    public LoadWorkerException()
    {
    }

    /// <summary>Creates the exception with a message naming the worker and what happened.</summary>
    public LoadWorkerException(string message)
        : base(message)
    {
    }

    /// <summary>Creates the exception with a message and the error behind it.</summary>
    public LoadWorkerException(string message, Exception inner)
        : base(message, inner)
    {
    }
}
