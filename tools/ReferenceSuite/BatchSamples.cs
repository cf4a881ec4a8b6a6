using System.Diagnostics;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// Times batches of an operation's calls with the clock, right after the engine measured it: the engine reports a mean,
/// not its samples, and comparing two measurements of the same case needs the scatter of each.
/// </summary>
internal static class BatchSamples
{
    /// <summary>How many batches each measurement gets: enough for a 99% interval a few percent wide on a quiet machine,
    /// and about 60 ms per measurement at the engine's 2 ms samples.</summary>
    public const int Batches = 30;

    /// <summary>
    /// The mean nanoseconds per call of each of <see cref="Batches"/> batches of <paramref name="callsPerBatch"/> calls, and
    /// how many methods the JIT compiled in this process meanwhile (tier promotions included): a side timed while code was
    /// still being promoted says so.
    /// </summary>
    public static async Task<(double[] Samples, long Compiled)> TimeAsync(Func<CancellationToken, Task> operation, long callsPerBatch, CancellationToken cancellationToken)
    {
        var samples = new double[Batches];
        var compiled = System.Runtime.JitInfo.GetCompiledMethodCount(currentThread: false);
        for (var batch = 0; batch < Batches; batch++)
        {
            var started = Stopwatch.GetTimestamp();
            for (var call = 0; call < callsPerBatch; call++)
            {
                await operation(cancellationToken).ConfigureAwait(false);
            }

            samples[batch] = Stopwatch.GetElapsedTime(started).TotalNanoseconds / callsPerBatch;
        }

        return (samples, System.Runtime.JitInfo.GetCompiledMethodCount(currentThread: false) - compiled);
    }
}
