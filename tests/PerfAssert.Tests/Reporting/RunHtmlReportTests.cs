using PerfAssert.Reporting;

namespace PerfAssert.Tests.Reporting;

public sealed class RunHtmlReportTests
{
    private const string Script = "<script>alert('x')</script>";

    [Fact]
    public void Render_SyntheticRun_MatchesVerifiedSnapshot()
    {
        ReportSnapshot.Verify(RunHtmlReport.Render(new RunReport(RunSamples.Results())), "run-report", "html");
    }

    [Fact]
    public void Render_SyntheticRun_IsSelfContainedWithTheSameRowsAsMarkdown()
    {
        var report = new RunReport(RunSamples.Results());
        var html = RunHtmlReport.Render(report);

        Assert.DoesNotContain("http://", html, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("https://", html, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("<script", html, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain(" src=", html, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain(" href=", html, StringComparison.OrdinalIgnoreCase);
        Assert.Contains("<title>" + System.Net.WebUtility.HtmlEncode(report.Headline) + "</title>", html, StringComparison.Ordinal);
        var operationRows = report.Results.Sum(r => r.Partner is null ? 1 : 2);
        Assert.Equal(1 + report.Verdicts.Count + 1 + operationRows, html.Split("<tr>").Length - 1);
    }

    [Fact]
    public void Render_HostileNames_AreEscaped()
    {
        var result = ReportSamples.Result(Script, 100, 1024, []);

        var html = RunHtmlReport.Render(new RunReport([result]) { Title = Script });

        Assert.DoesNotContain("<script", html, StringComparison.OrdinalIgnoreCase);
        Assert.Contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;", html, StringComparison.Ordinal);
    }
}
