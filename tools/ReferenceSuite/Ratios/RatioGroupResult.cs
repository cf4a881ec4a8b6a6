namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>What one interleaved group measured.</summary>
/// <param name="Title">The group's title.</param>
/// <param name="Blocks">Every block's time per call of every case, and every timed call.</param>
/// <param name="Pairs">The ratios the report prints from this group.</param>
/// <param name="Elapsed">How long the group measured, over every round.</param>
public sealed record RatioGroupResult(string Title, RatioBlocks Blocks, IReadOnlyList<RatioPair> Pairs, TimeSpan Elapsed)
{
    /// <summary>The widest relative half-width among <see cref="Pairs"/>' intervals at <paramref name="confidenceLevel"/>.</summary>
    public double WidestHalfWidth(double confidenceLevel) =>
        Pairs.Count == 0 ? 0 : Pairs.Max(p => RatioBlocks.RelativeHalfWidth(Blocks.Ratio(p.Numerator, p.Denominator, confidenceLevel)));
}
