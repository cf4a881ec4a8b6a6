namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>Cases measured together in interleaved blocks, and the ratios the report prints from them.</summary>
/// <param name="Title">What the group is, for progress lines and the report.</param>
/// <param name="Cases">Every case of the group; each block times all of them.</param>
/// <param name="Pairs">The ratios the report prints from this group.</param>
/// <param name="Share">The group's share of the phase's time, spent a little in every round.</param>
public sealed record RatioGroup(string Title, IReadOnlyList<RatioCase> Cases, IReadOnlyList<RatioPair> Pairs, double Share);
