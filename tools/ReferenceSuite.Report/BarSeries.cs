namespace PerfAssert.ReferenceSuite.Report;

/// <summary>One series of a <see cref="BarChart"/>: a name for the legend and one value per group (null = no bar).</summary>
internal sealed record BarSeries(string Name, IReadOnlyList<double?> Values);
