namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>Cases measured together in interleaved blocks, and the ratios whose intervals say when there are enough blocks.</summary>
/// <param name="Title">What the group is, for progress lines and the report.</param>
/// <param name="Cases">Every case of the group; each block times all of them.</param>
/// <param name="Pairs">The ratios the report prints from this group.</param>
/// <param name="Cap">How long the group may measure before it stops with whatever precision it has.</param>
public sealed record RatioGroup(string Title, IReadOnlyList<RatioCase> Cases, IReadOnlyList<RatioPair> Pairs, TimeSpan Cap);
