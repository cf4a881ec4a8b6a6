namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>A group of the side-by-side phase before its cases are opened.</summary>
/// <param name="Title">What the group is, for progress lines and the report.</param>
/// <param name="Names">Its cases; each block times all of them.</param>
/// <param name="Pairs">The ratios the report prints from it.</param>
/// <param name="Weight">Its share of the phase's time, relative to the other groups'.</param>
public sealed record RatioGroupPlan(string Title, IReadOnlyList<string> Names, IReadOnlyList<RatioPair> Pairs, double Weight);
