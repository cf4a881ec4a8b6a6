using System.Diagnostics;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// Times batches of an operation's calls side by side with a floor operation, right after the engine measured it: the engine
/// reports a mean, not its samples, and comparing two measurements of the same case taken a minute apart needs both the
/// scatter of each and a yardstick that moves with the machine. Batches of the two alternate (ABBA), and each sample is the
/// operation's time per call over the floor's in the neighbouring batch: a machine that got busier between the two
/// measurements slows both, and their quotient keeps what is the operation's own.
/// </summary>
internal static class BatchSamples
{
    /// <summary>How many batches of each side a measurement gets: enough for a 99% interval a few percent wide on a quiet
    /// machine, and about 0.1 s per measurement at the engine's 2 ms samples.</summary>
    public const int Batches = 200;

    /// <summary>
    /// The operation's and the floor's mean nanoseconds per call in each of <see cref="Batches"/> pairs of batches of
    /// <paramref name="callsPerBatch"/> calls, and how many methods the JIT compiled in this process meanwhile (tier
    /// promotions included): a side timed while code was still being promoted says so.
    /// </summary>
    public static async Task<(double[] Subject, double[] Floor, long Compiled)> TimeAsync(
        Func<CancellationToken, Task> operation, Func<CancellationToken, Task> floor, long callsPerBatch, CancellationToken cancellationToken)
    {
        var subject = new double[Batches];
        var floors = new double[Batches];
        var compiled = System.Runtime.JitInfo.GetCompiledMethodCount(currentThread: false);
        for (var batch = 0; batch < Batches; batch++)
        {
            // ABBA: the operation first in even pairs, the floor first in odd ones, so neither always follows the other.
            if (batch % 2 == 0)
            {
                subject[batch] = await TimeBatchAsync(operation, callsPerBatch, cancellationToken).ConfigureAwait(false);
                floors[batch] = await TimeBatchAsync(floor, callsPerBatch, cancellationToken).ConfigureAwait(false);
            }
            else
            {
                floors[batch] = await TimeBatchAsync(floor, callsPerBatch, cancellationToken).ConfigureAwait(false);
                subject[batch] = await TimeBatchAsync(operation, callsPerBatch, cancellationToken).ConfigureAwait(false);
            }
        }

        return (subject, floors, System.Runtime.JitInfo.GetCompiledMethodCount(currentThread: false) - compiled);
    }

    private static async Task<double> TimeBatchAsync(Func<CancellationToken, Task> operation, long calls, CancellationToken cancellationToken)
    {
        var started = Stopwatch.GetTimestamp();
        for (var call = 0; call < calls; call++)
        {
            await operation(cancellationToken).ConfigureAwait(false);
        }

        return Stopwatch.GetElapsedTime(started).TotalNanoseconds / calls;
    }
}
