namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>How precisely the side-by-side ratios are measured.</summary>
/// <param name="ConfidenceLevel">The two-sided confidence level of every printed interval.</param>
/// <param name="TargetHalfWidth">
/// A group stops adding blocks once every ratio's interval reaches no further than this share from its estimate.
/// </param>
/// <param name="MinBlocks">Blocks before the first check: fewer cannot bound a signed-rank interval at the level, or bound it only by luck.</param>
/// <param name="BatchTime">How long one case's timed batch should last; its call count comes from the case's mean.</param>
public sealed record RatioSettings(double ConfidenceLevel, double TargetHalfWidth, int MinBlocks, TimeSpan BatchTime)
{
    /// <summary>How often (in blocks) the intervals are recomputed after <see cref="MinBlocks"/>.</summary>
    public const int CheckEvery = 4;

    /// <summary>Calls in one batch of a case whose call takes <paramref name="meanNanoseconds"/>: at least one.</summary>
    public int CallsPerBatch(double meanNanoseconds) =>
        meanNanoseconds > 0 ? (int)Math.Clamp(Math.Ceiling(BatchTime.TotalNanoseconds / meanNanoseconds), 1, 100_000) : 1;
}
