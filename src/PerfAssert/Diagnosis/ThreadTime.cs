namespace PerfAssert.Diagnosis;

/// <summary>
/// Waiting threads: where the threads of a process wait, beside where they run (the CPU table). The runtime's sample
/// profiler takes every managed thread's stack once a tick, running or not, so a wait's samples over the recording's ticks
/// are how many threads were in it on average: under load that is where a lock, a full connection pool or a starved thread
/// pool shows (threads queued in a wait), which CPU samples cannot see. Counted per tick rather than per request, a wait
/// that holds a thread the whole time stays one thread whatever the service's throughput, where per request it would grow
/// as fewer requests are served and top every table. A sample waits when its innermost frames are the runtime's threading
/// code (a blocking wait, a lock's spin before it blocks, a sleep, a native call through interop); those frames, from the
/// outermost of them on, become one frame naming that outermost one and the method that called it, for example
/// <c>System.Threading.Lock.EnterAndGetCurrentThreadId() from OrdersService.Faults.FaultInjection.OnRequest()</c>, so the table
/// ranks waits by where they are, not by the wait primitive all of them end in. Left out: threads running code of their
/// own (the CPU table's), and idle threads, whose whole stack is the runtime's own code (threading, the dispatcher of
/// in-process event listeners) or frames the rundown could not name: a thread-pool thread waiting for work, a timer's
/// thread. They are capacity, not where the requests' time goes, and their number moves from process to process: in ten
/// diagnoses of the sample's lock the reference build's workers had 1.5 to 1.9 more of them, which topped the table in four.
/// </summary>
internal static class ThreadTime
{
    /// <summary>
    /// What one sample of a thread profile stands for: one thread for one tick, read as a millisecond for one "call" (a tick),
    /// so a figure per call in nanoseconds over <see cref="Nanoseconds"/> is a number of threads.
    /// </summary>
    private static readonly TimeSpan OneThread = TimeSpan.FromMilliseconds(1);

    private static readonly double Nanoseconds = OneThread.TotalNanoseconds;

    private static readonly string[] ThreadingPrefixes = ["System.Threading.", "Interop+Sys.", "Interop+Kernel32."];

    /// <summary>
    /// A recording's waiting threads as a profile whose figures per call (<see cref="StackProfile.NanosecondsPerCall"/>) read
    /// as threads through <see cref="Threads"/>: the samples of <paramref name="stacks"/> that wait (<see cref="Waits"/>),
    /// over the recording's <paramref name="ticks"/>.
    /// </summary>
    public static StackProfile Profile(IEnumerable<SampledStack> stacks, int ticks)
    {
        ArgumentNullException.ThrowIfNull(stacks);
        return new StackProfile(Waits(stacks), Math.Max(1, ticks), OneThread);
    }

    /// <summary>A figure of a <see cref="Profile"/>, per call in nanoseconds, as a number of threads.</summary>
    public static double Threads(double nanosecondsPerCall) => nanosecondsPerCall / Nanoseconds;

    /// <summary>The samples of <paramref name="stacks"/> that wait, folded (<see cref="Fold"/>); running and idle threads left out.</summary>
    public static IEnumerable<SampledStack> Waits(IEnumerable<SampledStack> stacks)
    {
        ArgumentNullException.ThrowIfNull(stacks);
        return stacks.Where(s => s.Frames.Count > 0 && IsThreading(s.Frames[^1]) && !s.Frames.All(IsRuntimeOwn)).Select(Fold);
    }

    /// <summary><paramref name="stack"/> with its innermost run of threading frames folded into one (unchanged when its innermost frame is not one).</summary>
    public static SampledStack Fold(SampledStack stack)
    {
        ArgumentNullException.ThrowIfNull(stack);
        var frames = stack.Frames;
        var outermost = frames.Count;
        while (outermost > 0 && IsThreading(frames[outermost - 1]))
        {
            outermost--;
        }

        if (outermost == frames.Count)
        {
            return stack;
        }

        var wait = outermost == 0 ? frames[0] : $"{frames[outermost]} from {frames[outermost - 1]}";
        return new SampledStack([.. frames.Take(outermost), wait], stack.Samples);
    }

    private static bool IsThreading(string frame) => ThreadingPrefixes.Any(p => frame.StartsWith(p, StringComparison.Ordinal));

    // A frame of a thread the runtime runs for itself: its threading code, the dispatcher that feeds in-process event
    // listeners (System.Diagnostics.Tracing), or one the rundown could not name.
    private static bool IsRuntimeOwn(string frame) => IsThreading(frame) || frame.StartsWith("System.Diagnostics.Tracing.", StringComparison.Ordinal) || ProfileComparison.IsUnnamed(frame);
}
