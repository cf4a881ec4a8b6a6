using PerfAssert.Baselines;
using PerfAssert.Measurement;

namespace PerfAssert.Diagnosis;

/// <summary>
/// One side's recording in a diagnosis: which pair (between builds) or round (in one process) it belongs to, which side,
/// its file, and the calls it served in how long, which its samples are normalised by.
/// </summary>
internal sealed class CallRecording(int observation, BuildSide side, string file)
{
    /// <summary>
    /// The calls run in batches that double while a batch takes less than this: a sample taken while a short synchronous
    /// call ran one at a time from the recording's loop was put on the loop (its <c>Stopwatch.GetElapsedTime</c>, or its
    /// own frame) rather than on the call's methods. In a comparison in one process whose subject and partner both called a
    /// 30 us method, that method's time read 1 us a call on either side and 23 to 31 us went to the loop, split differently
    /// on each side, so that the loop's frames came out as a difference of up to 10 us, marked in one run of eight; in
    /// batches the method read 31 us on both sides and the loop under 1 us. Between builds the calls go to a worker, whose
    /// samples the loop never reaches; batched the same way, a recording overshoots its time by a batch at most.
    /// </summary>
    public static readonly TimeSpan Batch = TimeSpan.FromMilliseconds(1);

    /// <summary>The pair or round, from 0.</summary>
    public int Observation { get; } = observation;

    public BuildSide Side { get; } = side;

    public string File { get; } = file;

    /// <summary>The calls served while recorded.</summary>
    public long Calls { get; private set; }

    /// <summary>How long the calls ran.</summary>
    public TimeSpan Elapsed { get; private set; }

    /// <summary>
    /// Runs <paramref name="operation"/> while <see cref="BuildDiagnosis.GoesOn"/> says so (at least
    /// <paramref name="diagnosisTime"/>, longer while fewer than <paramref name="callsWanted"/> calls were served), timed by
    /// <paramref name="clock"/>, counting the calls and the time.
    /// </summary>
    public async Task RunAsync(Operation operation, TimeProvider clock, long callsWanted, TimeSpan diagnosisTime, CancellationToken cancellationToken)
    {
        var started = clock.GetTimestamp();
        var batch = 1L;
        while (BuildDiagnosis.GoesOn(clock.GetElapsedTime(started), Calls, callsWanted, diagnosisTime))
        {
            var before = clock.GetTimestamp();
            await operation.RunAsync(batch, cancellationToken).ConfigureAwait(false);
            Calls += batch;
            batch = NextBatch(batch, clock.GetElapsedTime(before));
        }

        Elapsed = clock.GetElapsedTime(started);
    }

    /// <summary>How long the recordings ran on average: the time a worker or a side the message's first line names.</summary>
    public static TimeSpan MeanElapsed(IReadOnlyCollection<CallRecording> recordings) => TimeSpan.FromTicks((long)recordings.Average(r => r.Elapsed.Ticks));

    /// <summary>The next batch's size: twice <paramref name="batch"/> while a batch took less than <see cref="Batch"/>, up to a million calls.</summary>
    private static long NextBatch(long batch, TimeSpan took) => took < Batch ? Math.Min(2 * batch, 1 << 20) : batch;
}
