namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>What one interleaved group measured.</summary>
/// <param name="Title">The group's title.</param>
/// <param name="Blocks">Every block's time per call of every case.</param>
/// <param name="Pairs">The ratios the report prints from this group.</param>
/// <param name="Elapsed">How long the group measured.</param>
/// <param name="CapReached">Whether the group stopped at its time cap with an interval still wider than the target.</param>
/// <param name="WidestHalfWidth">The widest relative half-width among <paramref name="Pairs"/> when it stopped.</param>
public sealed record RatioGroupResult(string Title, RatioBlocks Blocks, IReadOnlyList<RatioPair> Pairs, TimeSpan Elapsed, bool CapReached, double WidestHalfWidth);
