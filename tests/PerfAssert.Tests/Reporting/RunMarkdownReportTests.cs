using System.Text.RegularExpressions;
using PerfAssert.Reporting;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Reporting;

public sealed class RunMarkdownReportTests
{
    [Fact]
    public void Render_SyntheticRun_MatchesVerifiedSnapshot()
    {
        ReportSnapshot.Verify(RunMarkdownReport.Render(new RunReport(RunSamples.Results())), "run-report", "md");
    }

    [Fact]
    public void Render_SyntheticRun_ListsEveryVerdictAndEveryMessageButPasses()
    {
        var report = new RunReport(RunSamples.Results());
        var markdown = RunMarkdownReport.Render(report);

        var rows = markdown.Split('\n').SkipWhile(l => l != "## Verdicts").Skip(4).TakeWhile(l => l.StartsWith('|')).ToList();
        Assert.Equal(report.Verdicts.Count, rows.Count);
        Assert.All(report.Verdicts.Where(r => r.Verdict.Outcome != VerdictOutcome.Pass), r => Assert.Contains("`" + r.Verdict.Message + "`", markdown, StringComparison.Ordinal));
        Assert.DoesNotContain(report.Verdicts.Single(r => r.Verdict.Outcome == VerdictOutcome.Pass).Verdict.Message, markdown, StringComparison.Ordinal);
    }

    [Fact]
    public void Render_NameWithPipeAndMarkup_StaysInsideItsCell()
    {
        var hostile = ReportSamples.Result("Evil | <b>x</b> *y*\nz", 100, 1024, []);
        var markdown = RunMarkdownReport.Render(new RunReport([hostile]));

        var row = markdown.Split('\n').Single(l => l.StartsWith("| Evil", StringComparison.Ordinal));
        Assert.Equal(10, Regex.Matches(row, @"(?<!\\)\|").Count);
        Assert.Contains(@"Evil \| &lt;b&gt;x&lt;/b&gt; \*y\* z", row, StringComparison.Ordinal);
    }

    [Fact]
    public void Render_NoResults_SaysSo()
    {
        var markdown = RunMarkdownReport.Render(new RunReport([]));

        Assert.StartsWith("# PerfAssert: no results\n", markdown, StringComparison.Ordinal);
        Assert.Contains("No verdicts.", markdown, StringComparison.Ordinal);
        Assert.Contains("No results.", markdown, StringComparison.Ordinal);
    }
}
