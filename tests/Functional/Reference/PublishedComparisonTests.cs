using PerfAssert.Targets.Reference;

namespace PerfAssert.Functional.Reference;

public sealed class PublishedComparisonTests
{
    [Fact]
    public void PublishedLatency_EmbeddedSeed_HasEveryMethodAtEveryItemCount()
    {
        var figures = PublishedLatency.All;

        Assert.Equal(88, figures.Count);
        Assert.Equal(22, figures.Select(f => f.Method).Distinct().Count());
        Assert.All(figures.GroupBy(f => f.Method), g => Assert.Equal([0, 10, 100, 1000], g.Select(f => f.Items).Order()));
        // The README's headline figures.
        Assert.Equal(830.1, figures.Single(f => f.Method == "SmallWcfText" && f.Items == 100).MeanMicroseconds, 6);
        Assert.Equal(2524.8, figures.Single(f => f.Method == "SmallAspNetCoreJsonNet" && f.Items == 100).MeanMicroseconds, 6);
    }

    [Fact]
    public void Latency_SmallHundredAspNetCoreJson_NormalizesBothRunsToTheirOwnWcfText()
    {
        var measured = new Dictionary<string, double> { ["SmallWcfText-100"] = 200, ["SmallAspNetCoreJsonNet-100"] = 150 };

        var rows = PublishedComparison.Latency(measured);

        var row = rows.Single(r => r.Case == "SmallAspNetCoreJsonNet-100");
        Assert.Equal(2524.8 / 830.1, row.PublishedRatio, 6);
        Assert.Equal(0.75, row.MeasuredRatio!.Value, 6);
        Assert.Equal("reversed", row.Remark);
        Assert.Equal("the reference", rows.Single(r => r.Case == "SmallWcfText-100").Remark);
        Assert.StartsWith("not measured in this run", rows.Single(r => r.Case == "SmallAspNetCoreJsonNet-10").Remark, StringComparison.Ordinal);
    }

    [Fact]
    public void Latency_Utf8Json_IsSystemTextJsonOnAspNetCoreAndNotComparableOnWebApi()
    {
        var rows = PublishedComparison.Latency(new Dictionary<string, double> { ["LargeWcfText-0"] = 100, ["LargeAspNetCoreStj-0"] = 120 });

        Assert.Equal(1.2, rows.Single(r => r.Case == "LargeAspNetCoreStj-0").MeasuredRatio!.Value, 6);
        Assert.StartsWith("not comparable: no stand-in", rows.Single(r => r.Case == "LargeWebApiUtf8Json-0").Remark, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(3.04, 2.5, "same order")]
    [InlineData(0.89, 0.16, "same order, the gap much wider now")]
    [InlineData(1.43, 1.12, "same order, the gap much narrower now")]
    [InlineData(0.89, 1.20, "reversed")]
    [InlineData(0.70, 0.95, "gap closed: within 10% now")]
    [InlineData(1.05, 1.30, "gap opened: about equal then, slower now")]
    [InlineData(0.95, 1.02, "same order: about equal then and now")]
    public void Remark_ReadsTodaysRatioAgainstThePublishedOne(double published, double measured, string remark)
    {
        Assert.Equal(remark, PublishedComparison.Remark(published, measured));
    }

    [Fact]
    public void Markdown_QuickRun_QuotesTheHeadlinesAndTheDataStreamRatio()
    {
        var measured = new Dictionary<string, double>
        {
            ["SmallWcfText-100"] = 200, ["SmallAspNetCoreJsonNet-100"] = 300, ["LargeWcfText-100"] = 1000, ["LargeAspNetCoreMessagePack-100"] = 800,
            ["DataStreamWcfNetTcpTuned-42"] = 100, ["DataStreamGrpcUnary-42"] = 120,
        };

        var markdown = PublishedComparison.Markdown(measured);

        Assert.Contains("SmallAspNetCoreJsonNet-100 3.04x WCF text in 2019, 1.50x now (same order, the gap much narrower now)", markdown, StringComparison.Ordinal);
        Assert.Contains("LargeAspNetCoreMessagePack-100 0.89x WCF text in 2019, 0.80x now (same order)", markdown, StringComparison.Ordinal);
        Assert.Contains("gRPC / NetTcp 0.90x; server streaming", markdown, StringComparison.Ordinal);
        Assert.Contains("gRPC / NetTcp 1.20x: reversed", markdown, StringComparison.Ordinal);
        Assert.Contains("| LargeWebApiUtf8Json-0 | 929.3 | 2.63x | - | - | not comparable: no stand-in", markdown, StringComparison.Ordinal);
    }

    [Fact]
    public void RestThroughput_BothStacksMeasured_ComparesWcfOverWebApiPerOperation()
    {
        var rates = new Dictionary<string, double>
        {
            [ThroughputCases.CaseName("GET time", ThroughputCases.Controllers)] = 40_000, [ThroughputCases.CaseName("GET time", ThroughputCases.WcfWebHttp)] = 30_000,
            [ThroughputCases.CaseName("POST echo 500 B", ThroughputCases.Controllers)] = 40_000, [ThroughputCases.CaseName("POST echo 500 B", ThroughputCases.WcfWebHttp)] = 38_000,
            [ThroughputCases.CaseName("POST echo 500 B chunked", ThroughputCases.Controllers)] = 40_000, [ThroughputCases.CaseName("POST echo 500 B chunked", ThroughputCases.WcfWebHttp)] = 20_000,
        };

        var rows = PublishedComparison.RestThroughput(rates);

        Assert.Equal(["GET time", "POST echo 500 B", "POST echo 500 B chunked"], rows.Select(r => r.Operation));
        Assert.Equal(8_182.0 / 7_460, rows[0].PublishedRatio!.Value, 9);
        Assert.Equal(0.75, rows[0].MeasuredRatio!.Value, 9);
        Assert.Equal("gap opened: about equal then, slower now", rows[0].Remark);
        Assert.Equal(0.95, rows[1].MeasuredRatio!.Value, 9);
        Assert.Equal("same order: about equal then and now", rows[1].Remark);
        Assert.Null(rows[2].PublishedRatio);
        Assert.StartsWith("not comparable: the published chunked PUT timed errors", rows[2].Remark, StringComparison.Ordinal);
    }

    [Fact]
    public void Markdown_WithThroughput_PutsTheRestExperimentBesideThisRun()
    {
        var rates = new Dictionary<string, double>
        {
            [ThroughputCases.CaseName("GET time", ThroughputCases.Controllers)] = 40_000, [ThroughputCases.CaseName("GET time", ThroughputCases.WcfWebHttp)] = 44_000,
        };

        var markdown = PublishedComparison.Markdown(new Dictionary<string, double>(), rates);
        var without = PublishedComparison.Markdown(new Dictionary<string, double>());

        Assert.Contains("| GET time | 7,460 | 8,182 | 1.10 | 40,000 | 44,000 | 1.10 | same order: about equal then and now |", markdown, StringComparison.Ordinal);
        Assert.Contains("| POST echo 500 B | 6,873 | 6,407 | 0.93 | - | - | - | not measured in this run |", markdown, StringComparison.Ordinal);
        Assert.Contains("| GET time | 7,460 | 8,182 | 1.10 | - | - | - | not measured in this run |", without, StringComparison.Ordinal);
    }
}
