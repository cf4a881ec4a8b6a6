using System.Diagnostics.Tracing;

namespace PerfAssert.Hosting.Diagnosis;

/// <summary>
/// PerfAssert's own events in a recorded process: where a recording's calls began and ended, and each thread that ran them.
/// A recording's reader keeps only the samples taken between the two, on those threads (<see cref="CallsWindow"/>).
/// Written by <see cref="CallsMarks"/>, a handful a recording: EventPipe walks the writer's stack for every event, so an event
/// a request would cost each request that walk.
/// </summary>
[EventSource(Name = SourceName)]
internal sealed class CallsEventSource : EventSource
{
    /// <summary>The source's name, which a recording session enables.</summary>
    public const string SourceName = "PerfAssert-Calls";

    public static readonly CallsEventSource Log = new();

    private CallsEventSource()
    {
    }

    /// <summary>Recording <paramref name="recording"/>'s first call is about to run.</summary>
    [Event(1, Level = EventLevel.Informational)]
    public void CallsBegan(int recording) => WriteEvent(1, recording);

    /// <summary>Recording <paramref name="recording"/>'s last call has returned.</summary>
    [Event(2, Level = EventLevel.Informational)]
    public void CallsEnded(int recording) => WriteEvent(2, recording);

    /// <summary>The thread writing this event runs recording <paramref name="recording"/>'s calls, or serves them.</summary>
    [Event(3, Level = EventLevel.Informational)]
    public void ThreadJoined(int recording) => WriteEvent(3, recording);
}
