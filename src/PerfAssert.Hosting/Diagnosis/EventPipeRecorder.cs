using System.Diagnostics.Tracing;
using System.Text.RegularExpressions;
using Microsoft.Diagnostics.NETCore.Client;
using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Etlx;
using Microsoft.Diagnostics.Tracing.Parsers;
using PerfAssert.Diagnosis;

namespace PerfAssert.Hosting.Diagnosis;

/// <summary>
/// Records a .NET process with EventPipe through its diagnostics port, as <c>dotnet-trace</c> does: the runtime's sample
/// profiler (every thread's stack once a millisecond), its allocation sampling (.NET 10: an event for an allocation picked
/// at random, about one per 100 KB allocated, with the allocating stack), and the rundown that names managed methods when
/// the session ends, so no perf map is needed; and PerfAssert's own marks of which samples are the timed calls'
/// (<see cref="CallsMarks"/>). Reads a recording back with TraceEvent, keeping what those marks say (<see cref="CallsWindow"/>).
/// </summary>
internal static partial class EventPipeRecorder
{
    /// <summary>The runtime provider's keyword for <c>AllocationSampled</c> events (.NET 10 and later).</summary>
    internal const long AllocationSamplingKeyword = 0x800_0000_0000;

    private const string SampleProfiler = "Microsoft-DotNETCore-SampleProfiler";

    private const string BeginRequestReport = "Microsoft.AspNetCore.Hosting.HostingApplicationDiagnostics.RecordBeginRequestDiagnostics";

    private static readonly string MarksFrames = typeof(CallsMarks).FullName + ".";

    private static readonly EventPipeProvider[] Providers =
    [
        new(SampleProfiler, EventLevel.Informational),
        new("Microsoft-Windows-DotNETRuntime", EventLevel.Informational,
            (long)(ClrTraceEventParser.Keywords.Loader | ClrTraceEventParser.Keywords.Jit) | AllocationSamplingKeyword),
        // The marks of which samples are the calls' (CallsWindow).
        new(CallsEventSource.SourceName, EventLevel.Informational),
    ];

    /// <summary>
    /// Records process <paramref name="processId"/> into <paramref name="file"/> while <paramref name="during"/> runs. The
    /// session is stopped and its stream drained within <paramref name="timeout"/> however <paramref name="during"/> ends.
    /// </summary>
    public static async Task RecordAsync(int processId, string file, Func<CancellationToken, Task> during, TimeSpan timeout, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(during);
        var client = new DiagnosticsClient(processId);
        using var session = await client.StartEventPipeSessionAsync(Providers, requestRundown: true, circularBufferMB: 256, cancellationToken).WaitAsync(timeout, cancellationToken).ConfigureAwait(false);
        await using var output = File.Create(file);
        var copy = session.EventStream.CopyToAsync(output, CancellationToken.None);
        try
        {
            await during(cancellationToken).WaitAsync(timeout, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            using var stopping = new CancellationTokenSource(timeout);
            await session.StopAsync(stopping.Token).ConfigureAwait(false);
            await copy.WaitAsync(timeout, CancellationToken.None).ConfigureAwait(false);
        }
    }

    /// <summary><see cref="Read"/> off the caller's thread, within <paramref name="timeout"/>.</summary>
    public static Task<ProfileRecording> ReadAsync(string file, TimeSpan timeout, CancellationToken cancellationToken) =>
        Task.Run(() => Read(file), cancellationToken).WaitAsync(timeout, cancellationToken);

    /// <summary>
    /// Reads a recording: the CPU samples taken in managed code, every sample with a stack (thread time), and the sampled
    /// allocations, each kept only when it belongs to the timed calls (<see cref="CallsWindow"/>: samples between the calls'
    /// first and last moment, on the threads that ran them; allocations between those moments, on any thread, as the
    /// allocation counters their total is held to count every thread).
    /// </summary>
    public static ProfileRecording Read(string file)
    {
        var etlx = TraceLog.CreateFromEventPipeDataFile(file, Path.ChangeExtension(file, ".etlx"));
        try
        {
            using var log = new TraceLog(etlx);
            var samples = new List<(int Thread, double Time, bool Managed, List<string> Frames)>();
            var allocations = new List<(double Time, SampledAllocation Allocation)>();
            var marks = new List<(CallsWindow.Kind Kind, int Recording, int Thread, double Time)>();
            foreach (var data in log.Events)
            {
                if (data.ProviderName == SampleProfiler)
                {
                    var managed = string.Equals(data.PayloadByName("Type")?.ToString(), "Managed", StringComparison.Ordinal);
                    samples.Add((data.ThreadID, data.TimeStampRelativeMSec, managed, Frames(data)));
                }
                else if (data.EventName.StartsWith("AllocationSampling", StringComparison.Ordinal))
                {
                    var frames = Frames(data);
                    allocations.Add((data.TimeStampRelativeMSec, new SampledAllocation(
                        data.PayloadByName("TypeName")?.ToString() ?? "?",
                        frames.Count > 0 ? frames[^1] : "?",
                        Convert.ToInt64(data.PayloadByName("ObjectSize") ?? 0L, System.Globalization.CultureInfo.InvariantCulture))));
                }
                else if (Mark(data) is { } kind)
                {
                    marks.Add((kind, Convert.ToInt32(data.PayloadByName("recording") ?? 0, System.Globalization.CultureInfo.InvariantCulture), data.ThreadID, data.TimeStampRelativeMSec));
                }
            }

            return Kept(samples, allocations, CallsWindow.From(marks));
        }
        finally
        {
            File.Delete(etlx);
        }
    }

    /// <summary>The recording of what <paramref name="window"/> keeps of <paramref name="samples"/> and <paramref name="allocations"/>.</summary>
    private static ProfileRecording Kept(
        List<(int Thread, double Time, bool Managed, List<string> Frames)> samples, List<(double Time, SampledAllocation Allocation)> allocations, CallsWindow window)
    {
        var cpu = new List<SampledStack>();
        var threads = new List<SampledStack>();
        var external = 0;
        var outside = 0;
        var otherThreads = 0;
        // Every thread counts the ticks, kept or not: a thread that ran none of the calls was sampled on each tick all the same.
        var ticks = new Dictionary<int, (int Count, double First, double Last)>();
        foreach (var (thread, time, managed, frames) in samples)
        {
            if (!window.Spans(time))
            {
                outside++;
                continue;
            }

            ticks[thread] = ticks.TryGetValue(thread, out var seen) ? (seen.Count + 1, seen.First, time) : (1, time, time);
            if (!window.Keeps(thread, time) || frames.Any(IsMarking))
            {
                otherThreads++;
                continue;
            }

            external += managed ? 0 : 1;
            if (frames.Count > 0)
            {
                var stack = new SampledStack(frames, 1);
                threads.Add(stack);
                if (managed)
                {
                    cpu.Add(stack);
                }
            }
        }

        return new ProfileRecording(
            cpu, threads, [.. allocations.Where(a => window.Spans(a.Time) && !IsMarking(a.Allocation.Method)).Select(a => a.Allocation)], external, Interval(ticks.Values), ticks.Count == 0 ? 0 : ticks.Values.Max(t => t.Count))
        {
            OutsideWindow = outside,
            OtherThreads = otherThreads,
            CallThreads = window.Threads?.Count,
        };
    }

    /// <summary>
    /// Whether a frame is the marks' own work (<see cref="CallsMarks"/>): its handlers, and ASP.NET Core's report of a request's
    /// beginning to a diagnostic listener, which allocates an object a request only while the marks listen. Left out, so
    /// that a side whose calls reach ASP.NET Core and one whose calls do not differ by nothing the diagnosis did itself.
    /// </summary>
    internal static bool IsMarking(string frame) =>
        frame.StartsWith(MarksFrames, StringComparison.Ordinal) || frame.StartsWith(BeginRequestReport, StringComparison.Ordinal);

    /// <summary>What a mark of the calls' window says (<see cref="CallsWindow"/>), or <see langword="null"/> when the event is not one.</summary>
    internal static CallsWindow.Kind? Mark(TraceEvent data) => data.ProviderName != CallsEventSource.SourceName ? null : data.EventName switch
    {
        nameof(CallsEventSource.CallsBegan) => CallsWindow.Kind.CallsBegan,
        nameof(CallsEventSource.CallsEnded) => CallsWindow.Kind.CallsEnded,
        nameof(CallsEventSource.ThreadJoined) => CallsWindow.Kind.ThreadJoined,
        _ => null,
    };

    /// <summary>
    /// The interval the sample profiler kept in this recording: it takes every thread's stack on each tick, so a thread that
    /// lived through the whole recording has one sample a tick, and its samples' span over their count is the time one
    /// sample stands for. The runtime asks for a tick a millisecond, but its sampling thread sleeps that long between ticks
    /// and then suspends the runtime and walks every thread: the diagnoses here kept 1.21 to 1.25 ms a tick, so a fixed
    /// 1 ms read every method's time per call a fifth short (and a process whose threads keep its cores busy ticks slower
    /// still). The nominal interval when no thread was sampled twice.
    /// </summary>
    internal static TimeSpan Interval(IEnumerable<(int Count, double First, double Last)> threads)
    {
        var longest = threads.Where(t => t.Count > 1).OrderByDescending(t => t.Count).ThenByDescending(t => t.Last - t.First).FirstOrDefault();
        return longest.Count > 1 && longest.Last > longest.First
            ? TimeSpan.FromMilliseconds((longest.Last - longest.First) / (longest.Count - 1))
            : BuildDiagnosis.SampleInterval;
    }

    /// <summary>
    /// A method's name as both sides of a comparison can share it: the rundown names dynamic methods (the lambdas
    /// ASP.NET Core compiles for endpoints, for example) with their method tables' addresses, which differ from one process
    /// to the next (<c>dynamicClass.lambda_method1(pMT: 0x7f8ec3804db0,...)</c>), so the same method read as gone on one
    /// side and new on the other in every comparison. The addresses are left out.
    /// </summary>
    internal static string Comparable(string name) => name.Contains("0x", StringComparison.Ordinal) ? Address().Replace(name, "0x?") : name;

    [GeneratedRegex("0x[0-9a-fA-F]+")]
    private static partial Regex Address();

    /// <summary>Whether a frame is the runtime's GC poll (<c>Thread.PollGC</c> and the worker it calls).</summary>
    internal static bool IsGcPoll(string frame) => frame.StartsWith("System.Threading.Thread.PollGC", StringComparison.Ordinal) || frame.StartsWith("System.Threading.Thread.<PollGC>", StringComparison.Ordinal);

    /// <summary>The event's stack, outermost frame first; a frame the rundown could not name is its module's.</summary>
    private static List<string> Frames(TraceEvent data)
    {
        var frames = new List<string>();
        for (var frame = data.CallStack(); frame is not null; frame = frame.Caller)
        {
            var name = frame.CodeAddress.FullMethodName;
            frames.Add(string.IsNullOrEmpty(name) ? $"{frame.CodeAddress.ModuleName}!?" : Comparable(name));
        }

        frames.Reverse();
        // The runtime stops a thread for a sample where it can: a loop without calls is stopped in the GC poll the JIT put in
        // it, which shows as its own frames on top of the loop's method. They are the loop's time, so they are left out and
        // the sample counts for the method that polled (a tight loop's self time was otherwise PollGC's).
        while (frames.Count > 1 && IsGcPoll(frames[^1]))
        {
            frames.RemoveAt(frames.Count - 1);
        }

        return frames;
    }
}
