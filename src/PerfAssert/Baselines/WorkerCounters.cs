namespace PerfAssert.Baselines;

/// <summary>A worker process's exact counters at one moment, read through its control channel.</summary>
/// <param name="AllocatedBytes">Bytes the whole process allocated so far (<c>GC.GetTotalAllocatedBytes(precise: true)</c>).</param>
/// <param name="Gen0Collections">Generation 0 collections so far.</param>
/// <param name="Gen1Collections">Generation 1 collections so far.</param>
/// <param name="Gen2Collections">Generation 2 collections so far.</param>
/// <param name="JitCompiledMethods">Methods the JIT compiled so far; a measurement during which it grew is set aside.</param>
/// <param name="TieringEvents">Tiered-compilation events the worker saw so far (call-counting delay started or ended,
/// background promotion started or stopped).</param>
/// <param name="CallCountingDelaying">Whether the worker's call-counting delay runs now; null while its events have not said.</param>
/// <param name="CallCountingDelay">The call-counting delay in force in the worker (zero when switched off).</param>
public readonly record struct WorkerCounters(
    long AllocatedBytes, int Gen0Collections, int Gen1Collections, int Gen2Collections, long JitCompiledMethods,
    long TieringEvents = 0, bool? CallCountingDelaying = null, TimeSpan CallCountingDelay = default)
{
    /// <summary>How many times the worker's call-counting delay has started (calls made during it do not count towards promotion).</summary>
    public long CallCountingDelayStarts { get; init; }

    /// <summary>Methods queued for promotion in the worker, as its latest background-JIT event said; null while none has.</summary>
    public int? PromotionBacklog { get; init; }
}
