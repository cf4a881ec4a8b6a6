namespace PerfAssert.LoadWorker;

/// <summary>The load worker process failed: it crashed, hung past its time, could not reach its target or rejected the plan.</summary>
public sealed class LoadWorkerException : Exception
{
    public LoadWorkerException()
    {
    }

    public LoadWorkerException(string message)
        : base(message)
    {
    }

    public LoadWorkerException(string message, Exception inner)
        : base(message, inner)
    {
    }
}
