namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>How precisely, and how, the side-by-side phase measures.</summary>
/// <param name="ConfidenceLevel">The two-sided confidence level of every printed interval.</param>
/// <param name="TargetHalfWidth">The precision the phase aims at: how far from its estimate an interval may reach.</param>
/// <param name="BatchTime">How long one case's timed batch should last; its call count comes from the case's mean.</param>
/// <param name="Rounds">How many rounds the phase's time is spread over; every group measures in every round.</param>
public sealed record RatioSettings(double ConfidenceLevel, double TargetHalfWidth, TimeSpan BatchTime, int Rounds)
{
    /// <summary>
    /// Calls in one batch of a case whose call takes <paramref name="meanNanoseconds"/>: enough to last
    /// <see cref="BatchTime"/>, and four for a call of 1 to 10 ms, so that it spends most of its block timed rather than in
    /// its untimed call. The Large calls' collections (a generation-2 one every few calls for the XML stacks) land in
    /// whichever batch runs then; four calls a batch average them where one call a batch scattered by twice as much.
    /// </summary>
    public int CallsPerBatch(double meanNanoseconds) => meanNanoseconds > 0
        ? (int)Math.Clamp(Math.Max(Math.Ceiling(BatchTime.TotalNanoseconds / meanNanoseconds), meanNanoseconds is >= 1_000_000 and < 10_000_000 ? 4 : 1), 1, 100_000)
        : 1;

    /// <summary>
    /// Calls made untimed before each batch of a case whose call takes <paramref name="meanNanoseconds"/>. The first calls
    /// after another case's batch pay for the caches, connections and threads it took over: measured on the empty calls
    /// (about 130 us), with one untimed call the first timed call still took 23% (about 30 us) longer than the steady ones
    /// and the second 6%, and from the third on none. Two untimed calls for calls under 0.2 ms leave a few per cent on the
    /// first of a batch's 15 calls; one untimed call absorbs most of those tens of microseconds for calls up to 10 ms, and
    /// a call of 10 ms or more dwarfs them.
    /// </summary>
    public static int UntimedCalls(double meanNanoseconds) => meanNanoseconds switch
    {
        < 200_000 => 2,
        < 10_000_000 => 1,
        _ => 0,
    };
}
