using System.Text.RegularExpressions;
using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Tests.Reporting;

namespace PerfAssert.Tests.ReferenceSuiteReport;

public sealed class MarkdownReportTests
{
    [Fact]
    public void Render_SyntheticReport_MatchesVerifiedSnapshot()
    {
        ReportSnapshot.Verify(MarkdownReport.Render(ReferenceSamples.Report()), "reference-report", "md");
    }

    [Fact]
    public void Render_EveryVerdict_AppearsInTheVerdictList()
    {
        var report = ReferenceSamples.Report();
        var markdown = MarkdownReport.Render(report);

        Assert.All(report.Results.SelectMany(r => r.Verdicts), v => Assert.Contains("`" + v.Message + "`", markdown, StringComparison.Ordinal));
    }

    [Fact]
    public void Render_Comparisons_HaveTheirOwnTableNotLatencyRows()
    {
        var markdown = MarkdownReport.Render(ReferenceSamples.Report());
        var latency = Section(markdown, "## Latency");
        var comparisons = Section(markdown, "## Comparisons");

        Assert.DoesNotContain(" vs ", latency.Replace("| vs WcfText |", "|", StringComparison.Ordinal), StringComparison.Ordinal);
        Assert.Contains("| Subject | Partner | Statistic | Ratio | Interval | Budget | Verdict |", comparisons, StringComparison.Ordinal);
        Assert.Contains("| SmallAspNetCoreControllersNewtonsoft-0 | SmallWcfText-0 | mean | 5.00x | [4.85, 5.15] (99%) | 2.50x | Regression (confirmed) |", comparisons, StringComparison.Ordinal);
    }

    [Fact]
    public void Render_NameWithPipeAndMarkup_StaysInsideItsCell()
    {
        var hostile = ReportSamples.Result("Evil | <b>x</b> *y*\nz", 100, 1024, []);
        var markdown = MarkdownReport.Render(new ReferenceReport([hostile]));

        var row = markdown.Split('\n').Single(l => l.StartsWith("| Evil", StringComparison.Ordinal));
        Assert.Equal(11, Regex.Matches(row, @"(?<!\\)\|").Count);
        Assert.Contains(@"Evil \| &lt;b&gt;x&lt;/b&gt; \*y\* z", row, StringComparison.Ordinal);
    }

    [Fact]
    public void Render_NoResults_SaysSoWithoutThrowing()
    {
        var markdown = MarkdownReport.Render(new ReferenceReport([]));

        Assert.Contains("No latency results.", markdown, StringComparison.Ordinal);
        Assert.Contains("No verdicts.", markdown, StringComparison.Ordinal);
    }

    private static string Section(string markdown, string heading)
    {
        var start = markdown.IndexOf(heading + "\n", StringComparison.Ordinal);
        Assert.True(start >= 0, $"no {heading} section");
        var end = markdown.IndexOf("\n## ", start + heading.Length, StringComparison.Ordinal);
        return end < 0 ? markdown[start..] : markdown[start..end];
    }
}
