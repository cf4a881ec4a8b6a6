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
    public void Render_DiagnosedRegression_ShowsItsLineThenTheDiagnosisAsPrinted()
    {
        var results = RunSamples.Results();
        var regression = results.SelectMany(r => r.Verdicts).First(v => v.Outcome == VerdictOutcome.Regression);
        const string Diagnosis = "Where (profiled after the verdict on a fresh pair, 1.0 s a side: ...):\n  CPU self time per call, reference build -> working tree:\n  * 0.0 -> 4.9 (+4.9 us) (new)  Orders.GetOrder(int32)";
        var diagnosed = results.Select(r => r with { Verdicts = [.. r.Verdicts.Select(v => v == regression ? v with { Diagnosis = Diagnosis } : v)] }).ToList();

        var markdown = RunMarkdownReport.Render(new RunReport(diagnosed));

        var lines = markdown.Split('\n').ToList();
        var at = lines.IndexOf("- `" + regression.Message + "`");
        Assert.True(at >= 0, markdown);
        Assert.Equal(["", "  ```text", "  Where (profiled after the verdict on a fresh pair, 1.0 s a side: ...):", "    CPU self time per call, reference build -> working tree:", "    * 0.0 -> 4.9 (+4.9 us) (new)  Orders.GetOrder(int32)", "  ```"], lines.Skip(at + 1).Take(6));
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
