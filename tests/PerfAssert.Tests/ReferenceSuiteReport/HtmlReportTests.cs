using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Tests.Reporting;

namespace PerfAssert.Tests.ReferenceSuiteReport;

public sealed class HtmlReportTests
{
    private const string Script = "<script>alert('x')</script>";

    [Fact]
    public void Render_SyntheticReport_MatchesVerifiedSnapshot()
    {
        ReportSnapshot.Verify(HtmlReport.Render(ReferenceSamples.Report()), "reference-report", "html");
    }

    [Fact]
    public void Render_SyntheticReport_IsSelfContained()
    {
        var html = HtmlReport.Render(ReferenceSamples.Report());

        Assert.DoesNotContain("http://", html, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("https://", html, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("<script", html, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain(" src=", html, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain(" href=", html, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("@import", html, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public void Render_SyntheticReport_DrawsLatencyAllocationThroughputAndFloorCharts()
    {
        var html = HtmlReport.Render(ReferenceSamples.Report());

        Assert.Equal(5, html.Split("<svg ").Length - 1);
        Assert.Contains("Mean latency, small item", html, StringComparison.Ordinal);
        Assert.Contains("Mean latency, large item (log scale)", html, StringComparison.Ordinal);
        Assert.Contains("<title>AspNetCoreMinimalStj | 100 items: 1,450 us per call</title>", html, StringComparison.Ordinal);
    }

    [Fact]
    public void Render_ThroughputCaseWithErrors_SaysHowManyUnderItsBar()
    {
        var html = HtmlReport.Render(ReferenceSamples.Report());

        Assert.Contains(">PUT chunked WcfWebHttp c=100 (60,000 errors)</text>", html, StringComparison.Ordinal);
    }

    [Fact]
    public void Render_HostileNamesEverywhere_AreEscaped()
    {
        var result = ReportSamples.Result("Small" + Script + "-1", 100, 1024, []);
        var report = new ReferenceReport([result], [new ThroughputRow(Script, 1, 0, 1, 1, 1, 1)], [new FloorRatio(Script, 2, 1)])
        {
            Title = Script,
            ReferenceStack = Script,
        };

        var html = HtmlReport.Render(report);

        Assert.DoesNotContain("<script", html, StringComparison.OrdinalIgnoreCase);
        Assert.Contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;", html, StringComparison.Ordinal);
    }

    [Fact]
    public void Render_NoResults_StillAPage()
    {
        var html = HtmlReport.Render(new ReferenceReport([]));

        Assert.StartsWith("<!DOCTYPE html>", html, StringComparison.Ordinal);
        Assert.Contains("No latency results.", html, StringComparison.Ordinal);
        Assert.DoesNotContain("<svg", html, StringComparison.Ordinal);
    }
}
