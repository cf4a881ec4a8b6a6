using System.Diagnostics.Tracing;

namespace PerfAssert.Measurement;

/// <summary>
/// Listens, in this process, to the runtime's tiered-compilation events: the call-counting delay starting
/// (<c>TieredCompilationPause</c>) and ending (<c>TieredCompilationResume</c>), and the background JIT that promotes hot
/// methods starting and stopping, each with the number of methods still queued for promotion. While the delay runs nothing
/// is promoted and nothing is compiled, so "the JIT has been quiet for a while" is no evidence of steady state then; these
/// events tell the delay from promotion being done. The queue tells a backlog from a trickle: a process that warmed sixty
/// services with dynamic PGO on still had 7,000 to 8,000 methods queued 15 s in, promoted over the next seconds while its
/// first case was timed, and a trickle of a few methods at a time (timers, rare paths) goes on for minutes after.
/// Started once per process, on first use, and kept: enabling the runtime's provider costs an event session, and in steady
/// state these events are rare.
/// </summary>
internal sealed class TieringMonitor : EventListener
{
    /// <summary>The runtime's provider, as <see cref="EventListener"/> sees it in process.</summary>
    private const string RuntimeProvider = "Microsoft-Windows-DotNETRuntime";

    /// <summary>The runtime's CompilationKeyword, under which the tiered-compilation events are written.</summary>
    private const EventKeywords CompilationKeyword = (EventKeywords)0x1000000000;

    private const int PauseEvent = 281;
    private const int ResumeEvent = 282;
    private const int BackgroundJitStartEvent = 283;
    private const int BackgroundJitStopEvent = 284;

    private static readonly Lazy<TieringMonitor> s_shared = new(() => new TieringMonitor(), LazyThreadSafetyMode.ExecutionAndPublication);
    private long _events;
    private long _delayStarts;
    private int _backlog = -1;
    private int _delaying = -1;
    private int _connected;

    private TieringMonitor()
    {
    }

    /// <summary>The tiering state of this process now (starting the listener on first use).</summary>
    public static TieringReading Read() => s_shared.Value.Current;

    private TieringReading Current => new(
        Volatile.Read(ref _connected) == 1,
        Interlocked.Read(ref _events),
        Volatile.Read(ref _delaying) switch { 0 => false, 1 => true, _ => null },
        Interlocked.Read(ref _delayStarts),
        Volatile.Read(ref _backlog) is var backlog and >= 0 ? backlog : null);

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        if (eventSource.Name == RuntimeProvider)
        {
            Volatile.Write(ref _connected, 1);
            EnableEvents(eventSource, EventLevel.Informational, CompilationKeyword);
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        // Kept to a few field writes: this runs on the runtime's dispatch thread, and anything new it compiled would itself
        // restart the call-counting delay it reports.
        switch (eventData.EventId)
        {
            case PauseEvent:
                Volatile.Write(ref _delaying, 1);
                Interlocked.Increment(ref _delayStarts);
                break;
            case ResumeEvent:
                Volatile.Write(ref _delaying, 0);
                break;
            case BackgroundJitStartEvent:
            case BackgroundJitStopEvent:
                // Both carry the methods still queued for promotion (PendingMethodCount) after the instance id.
                if (eventData.Payload is [_, uint queued, ..])
                {
                    Volatile.Write(ref _backlog, (int)Math.Min(queued, int.MaxValue));
                }

                break;
            default:
                return;
        }

        Interlocked.Increment(ref _events);
    }
}

/// <summary>What the tiered-compilation events of one process have said so far.</summary>
/// <param name="Connected">Whether the runtime's event provider is there to listen to (it is not in a process built without
/// event sources); without it, only the compiled-method count and a long enough quiet time can stand in.</param>
/// <param name="Events">How many tiering events (delay started or ended, background promotion started or stopped) were seen.</param>
/// <param name="Delaying">Whether the call-counting delay is running now; null until the first delay event was seen.</param>
/// <param name="DelayStarts">How many times the call-counting delay started (calls made meanwhile are not counted towards promotion).</param>
/// <param name="Backlog">Methods queued for promotion as the latest background-JIT event said; null until one was seen.</param>
internal readonly record struct TieringReading(bool Connected, long Events, bool? Delaying, long DelayStarts = 0, int? Backlog = null);
