namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>A ratio of two cases of one group: the numerator's time per call over the denominator's.</summary>
/// <param name="Numerator">The case on top.</param>
/// <param name="Denominator">The case it is compared with.</param>
public sealed record RatioPair(string Numerator, string Denominator);
