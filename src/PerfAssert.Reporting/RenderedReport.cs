namespace PerfAssert.Reporting;

/// <summary>What <see cref="ReportRenderer.RenderAsync"/> read and wrote.</summary>
/// <param name="Source">The full path of what was read: the results folder, or the one results file.</param>
/// <param name="Headline">The verdicts counted by outcome (see <see cref="RunReport.Headline"/>).</param>
/// <param name="FailedTests">How many of the results fail (see <see cref="PerfResult.Failed"/>).</param>
/// <param name="Files">The full paths written, Markdown before HTML.</param>
public sealed record RenderedReport(string Source, string Headline, int FailedTests, IReadOnlyList<string> Files);
