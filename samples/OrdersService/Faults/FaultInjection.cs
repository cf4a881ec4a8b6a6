using System.Diagnostics;
using System.Runtime.CompilerServices;
using Microsoft.Extensions.Options;

namespace OrdersService.Faults;

/// <summary>Applies <see cref="FaultOptions"/> to a request; does nothing, and allocates nothing, when they are off.</summary>
public sealed class FaultInjection(IOptions<FaultOptions> options)
{
    private static readonly Lock Gate = new();
    private readonly int _extraBytes = options.Value.ExtraBytesPerRequest;
    private readonly long _extraCpuTicks = Ticks(options.Value.ExtraCpuMicrosecondsPerRequest);
    private readonly long _lockTicks = Ticks(options.Value.LockMicrosecondsPerRequest);

    /// <summary>
    /// Called once per request by the endpoints the faults apply to. Kept out of line, with <see cref="Work"/>, so that a
    /// profile of a request names the fault's own methods, as it names any method the JIT did not inline into its caller.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void OnRequest()
    {
        if (_extraBytes > 0)
        {
            // Handed to a call so the buffer escapes: the JIT may not drop or stack-allocate it.
            GC.KeepAlive(new byte[_extraBytes]);
        }

        if (_extraCpuTicks > 0)
        {
            Work(_extraCpuTicks);
        }

        if (_lockTicks > 0)
        {
            lock (Gate)
            {
                Work(_lockTicks);
            }
        }
    }

    private static long Ticks(int microseconds) => microseconds * Stopwatch.Frequency / 1_000_000;

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Work(long ticks)
    {
        var until = Stopwatch.GetTimestamp() + ticks;
        while (Stopwatch.GetTimestamp() < until)
        {
        }
    }
}
