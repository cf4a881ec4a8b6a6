namespace PerfAssert.ReferenceSuite.Report;

/// <summary>The data of one grouped bar chart: one value per series and group; null where nothing was measured.</summary>
/// <param name="Title">The chart's title.</param>
/// <param name="Unit">The value axis's unit, for example <c>us per call</c>.</param>
/// <param name="Groups">The groups along the category axis, in order.</param>
/// <param name="Series">The bars of each group, in legend order.</param>
internal sealed record BarChart(string Title, string Unit, IReadOnlyList<string> Groups, IReadOnlyList<BarSeries> Series);
