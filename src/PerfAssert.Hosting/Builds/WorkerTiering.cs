using System.Diagnostics.Tracing;
using System.Globalization;

/// <summary>
/// The worker's side of PerfAssert's warm-up: listens to the runtime's tiered-compilation events in the worker (the
/// call-counting delay starting and ending, background promotion starting and stopping, with the methods still queued for
/// promotion) so the parent can tell "the JIT is quiet because promotion is done" from "the JIT is quiet because the
/// call-counting delay is still running", and a backlog of promotions from a trickle. Framework
/// types only, like <see cref="StartupHook"/>: the worker has none of PerfAssert's other assemblies.
/// </summary>
internal sealed class WorkerTiering : EventListener
{
    private const string RuntimeProvider = "Microsoft-Windows-DotNETRuntime";
    private const EventKeywords CompilationKeyword = (EventKeywords)0x1000000000;
    private long _events;
    private long _delayStarts;
    private int _delaying = -1;
    private int _backlog = -1;

    /// <summary>
    /// Events seen, the delay running (1), over (0) or unknown (-1), the delay in force in ms, how many times the delay
    /// started, and the methods queued for promotion as the latest background-JIT event said (-1: none said yet),
    /// space-separated.
    /// </summary>
    public string Describe() => string.Create(CultureInfo.InvariantCulture,
        $"{Interlocked.Read(ref _events)} {Volatile.Read(ref _delaying)} {DelayMilliseconds()} {Interlocked.Read(ref _delayStarts)} {Volatile.Read(ref _backlog)}");

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        if (eventSource.Name == RuntimeProvider)
        {
            EnableEvents(eventSource, EventLevel.Informational, CompilationKeyword);
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        // 281 and 282: the delay started and ended; 283 and 284: background promotion started and stopped.
        if (eventData.EventId is < 281 or > 284)
        {
            return;
        }

        if (eventData.EventId is 281 or 282)
        {
            Volatile.Write(ref _delaying, eventData.EventId == 281 ? 1 : 0);
            if (eventData.EventId == 281)
            {
                Interlocked.Increment(ref _delayStarts);
            }
        }
        else if (eventData.Payload is [_, uint queued, ..])
        {
            // 283 and 284 carry the methods still queued for promotion (PendingMethodCount) after the instance id.
            Volatile.Write(ref _backlog, (int)Math.Min(queued, int.MaxValue));
        }

        Interlocked.Increment(ref _events);
    }

    /// <summary>The runtime's call-counting delay as it reads it (environment first, as hexadecimal; then runtimeconfig; else
    /// 100 ms), ten times over on a single-core process, and none when tiered compilation is off.</summary>
    private static long DelayMilliseconds()
    {
        if (Setting("TieredCompilation", "System.Runtime.TieredCompilation") == 0)
        {
            return 0;
        }

        var delay = Setting("TC_CallCountingDelayMs", "System.Runtime.TieredCompilation.CallCountingDelayMs") ?? 100;
        return delay * (Environment.ProcessorCount == 1 ? 10 : 1);
    }

    private static long? Setting(string variable, string property)
    {
        foreach (var prefix in new[] { "DOTNET_", "COMPlus_" })
        {
            if (long.TryParse(Environment.GetEnvironmentVariable(prefix + variable), NumberStyles.HexNumber, CultureInfo.InvariantCulture, out var value))
            {
                return value;
            }
        }

        return AppContext.GetData(property) switch
        {
            bool flag => flag ? 1 : 0,
            string text when bool.TryParse(text, out var flag) => flag ? 1 : 0,
            string text when long.TryParse(text, CultureInfo.InvariantCulture, out var value) => value,
            _ => null,
        };
    }
}
