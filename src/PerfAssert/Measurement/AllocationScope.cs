namespace PerfAssert.Measurement;

/// <summary>Whose allocations count.</summary>
public enum AllocationScope
{
    /// <summary>Synchronous operations count the measuring thread; asynchronous ones the whole process.</summary>
    Auto,

    /// <summary>Only the measuring thread (<see cref="GC.GetAllocatedBytesForCurrentThread"/>): exact for synchronous code.</summary>
    Thread,

    /// <summary>The whole process (<see cref="GC.GetTotalAllocatedBytes(bool)"/>, precise): async work that hops threads and an
    /// in-process server count too.</summary>
    Process,

    /// <summary>The service's worker process, read through its control channel: what a baseline-build comparison measures
    /// (<c>AgainstBaseline(file, id, builds)</c>). Not a choice for <c>WithAllocations</c>.</summary>
    Worker,
}
