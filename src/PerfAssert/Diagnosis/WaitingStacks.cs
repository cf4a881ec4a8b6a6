namespace PerfAssert.Diagnosis;

/// <summary>
/// Tells a CPU sample of a thread that was blocked from one of a thread that was running. The runtime's sample profiler
/// takes every managed thread's stack once a millisecond, running or not, so a worker's idle thread-pool threads, timers and
/// logger add samples whose innermost frame is the wait they sit in. They are not CPU time, and per call they grow as a
/// side serves fewer calls a second: in the consumer sample's slower commit, <c>LowLevelLifoSemaphore.Wait</c> went from
/// 0.2 to 8.4 us per call and once topped the table over the method that had really slowed. A sample is waiting when its
/// innermost frame is a blocking wait or sleep of <c>System.Threading</c> (not a spin) or a native wait the runtime calls
/// through <c>Interop</c>; lock contention (<c>Monitor.Enter_Slowpath</c>, which spins before it blocks) is kept. A
/// thread-pool thread whose innermost frame is the pool's own worker loop (<c>PortableThreadPool+WorkerThread.WorkerThreadStart</c>:
/// the work it runs and the waits it blocks in are frames of their own) is spinning for work before it blocks: idle too,
/// and how much of it a process does differs from process to process (A/A diagnoses read 0.3 to 8.2 us per call in it).
/// </summary>
internal static class WaitingStacks
{
    private static readonly string[] WaitPrimitives =
    [
        "System.Threading.LowLevelLifoSemaphore.",
        "System.Threading.LowLevelMonitor.",
        "System.Threading.WaitHandle.",
        "System.Threading.Monitor.Wait",
        "System.Threading.Monitor.ObjWait",
        "System.Threading.Thread.Sleep",
        "System.Threading.Thread.Join",
        "System.Threading.SemaphoreSlim.Wait",
        "System.Threading.ManualResetEventSlim.Wait",
        "System.Threading.CountdownEvent.Wait",
        "Interop+Sys.LowLevelMonitor_",
        "Interop+Sys.WaitFor",
        "Interop+Sys.Poll",
        "Interop+Sys.Read(",
        "System.Threading.PortableThreadPool+WorkerThread.WorkerThreadStart(",
    ];

    /// <summary>Whether the innermost frame of <paramref name="frames"/> (outermost first) is a thread waiting.</summary>
    public static bool IsWaiting(IReadOnlyList<string> frames)
    {
        ArgumentNullException.ThrowIfNull(frames);
        return frames.Count > 0 && WaitPrimitives.Any(p => frames[^1].StartsWith(p, StringComparison.Ordinal));
    }

    /// <summary>The stacks of threads that were running.</summary>
    public static IEnumerable<SampledStack> Running(IEnumerable<SampledStack> stacks) => stacks.Where(s => !IsWaiting(s.Frames));
}
