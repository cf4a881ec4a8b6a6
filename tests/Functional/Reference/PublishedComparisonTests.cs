using PerfAssert.Statistics;
using PerfAssert.ReferenceSuite.Report;
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
    public void Markdown_ForTheReportsReaders_NamesNothingOutsideTheRepository()
    {
        var markdown = PublishedComparison.Markdown(new Dictionary<string, double>());

        Assert.DoesNotContain("shared/", markdown, StringComparison.Ordinal);
        Assert.DoesNotContain("original plan", markdown, StringComparison.Ordinal);
        Assert.Contains("`tools/ReferenceSuite/Report/Published/seed-latency-2019.csv`", markdown, StringComparison.Ordinal);
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

    [Fact]
    public void Markdown_WithRatiosLoadedInTheSameRounds_PrintsThemWithTheirIntervals()
    {
        var rates = new Dictionary<string, double>
        {
            [ThroughputCases.CaseName("GET time", ThroughputCases.Controllers)] = 40_000, [ThroughputCases.CaseName("GET time", ThroughputCases.WcfWebHttp)] = 44_000,
            [NetTcpConfigCases.CaseName(NetTcpConfigCases.Default, TimeSpan.FromSeconds(4))] = 8_000, [NetTcpConfigCases.CaseName(NetTcpConfigCases.Tuned, TimeSpan.FromSeconds(4))] = 9_500,
            [NetTcpConfigCases.CaseName(NetTcpConfigCases.BasicHttp, TimeSpan.FromSeconds(4))] = 10_000,
        };
        var wcfOverWebApi = new Dictionary<string, Interval> { ["GET time"] = new(1.08, 1.04, 1.12, 0.95, 5) };
        var overBasicHttp = new Dictionary<string, Interval> { [NetTcpConfigCases.Default] = new(0.8, 0.7, 0.92, 0.95, 4), [NetTcpConfigCases.Tuned] = new(0.95, 0.91, 0.99, 0.95, 4) };

        var markdown = PublishedComparison.Markdown(new Dictionary<string, double>(), rates, wcfOverWebApi: wcfOverWebApi, overBasicHttp: overBasicHttp);

        Assert.Contains("| GET time | 7,460 | 8,182 | 1.10 | 40,000 | 44,000 | 1.08x [1.04, 1.12] | same order: about equal then and now |", markdown, StringComparison.Ordinal);
        Assert.Contains($"| {NetTcpConfigCases.Default} | 8,000 | 0.80x [0.70, 0.92] |", markdown, StringComparison.Ordinal);
        Assert.Contains($"{NetTcpConfigCases.Default} over BasicHttp reaches +-15.0%: a hundred clients' rate varies from one second's block to the next, and 4 rounds leave its t-interval that wide.", markdown, StringComparison.Ordinal);
        Assert.DoesNotContain($"{NetTcpConfigCases.Tuned} over BasicHttp reaches", markdown, StringComparison.Ordinal);
    }

    [Fact]
    public void Todos_PerOperationAndClients_SaysWhetherGrpcIsStillTheFastest()
    {
        var measured = new Dictionary<string, double>
        {
            ["TodoGetWebApiJsonNet-c1"] = 7_000, ["TodoGetWcfText-c1"] = 9_000, ["TodoGetWcfNetTcpTuned-c1"] = 5_000, ["TodoGetGrpcUnary-c1"] = 2_000, ["TodoGetGrpcStreaming-c1"] = 4_000,
            ["TodoFirstWebApiJsonNet-c10"] = 200, ["TodoFirstWcfText-c10"] = 260, ["TodoFirstWcfNetTcpTuned-c10"] = 250, ["TodoFirstGrpcUnary-c10"] = 210,
            ["TodoSendOneWebApiJsonNet-c1"] = 50, ["TodoSendOneWcfText-c1"] = 70, ["TodoSendOneWcfNetTcpTuned-c1"] = 52, ["TodoSendOneGrpcUnary-c1"] = 60,
            ["TodoSendWcfText-c1"] = 10_000, ["TodoSendGrpcUnary-c1"] = 3_000, ["TodoSendGrpcStreaming-c1"] = 1_000,
        };

        var rows = PublishedComparison.Todos(measured).ToDictionary(r => $"{r.Operation}-c{r.Clients}");

        Assert.Equal(8, rows.Count);
        Assert.Equal("same order: gRPC fastest, 0.40x WCF NetTcp (tuned)", rows["Get-c1"].Remark);
        Assert.Equal("gap closed: gRPC within 10% of Web API JSON (1.05x)", rows["First-c10"].Remark);
        Assert.Equal("reversed: Web API JSON fastest, gRPC 1.20x it", rows["SendOne-c1"].Remark);
        Assert.Equal("same order: gRPC fastest, 0.10x WCF text", rows["Send-c1"].Remark); // the streaming call is gRPC's faster one here
        Assert.Equal("not measured in this run", rows["Get-c10"].Remark);
        Assert.Equal(0.4, rows["Get-c1"].GrpcOverFastestOther!.Value, 9);
        Assert.Null(rows["Get-c10"].GrpcOverFastestOther);
    }

    [Theory]
    [InlineData(30_000, 45_000, 40_000, "default NetTcp slower than BasicHttp, as published; tuned NetTcp the fastest by more than 10%, as published")]
    [InlineData(38_000, 42_000, 40_000, "default NetTcp within 10% of BasicHttp (published: slower); tuned NetTcp the fastest, by less than 10%")]
    [InlineData(50_000, 45_000, 40_000, "reversed: default NetTcp faster than BasicHttp; reversed: tuned NetTcp not the fastest")]
    public void NetTcpConfigOrder_ThreeConfigurations_ComparesWithThePublishedOrder(double secured, double tuned, double basicHttp, string expected)
    {
        var rates = NetTcpRates(secured, tuned, basicHttp);
        rates[ThroughputCases.CaseName("GET time", ThroughputCases.Controllers)] = 1;

        var (measured, remark) = PublishedComparison.NetTcpConfigOrder(rates);

        Assert.Equal(expected, remark);
        Assert.Equal(secured, measured[NetTcpConfigCases.Default]);
        Assert.Equal(3, measured.Count);
    }

    [Fact]
    public void NetTcpConfigCases_CaseName_NamesItsConfigurationBack()
    {
        Assert.Equal("NetTcp config: Wcf.NetTcp/Default EchoSmall-10, 100 clients, 15 s", NetTcpConfigCases.CaseName(NetTcpConfigCases.Default, TimeSpan.FromSeconds(15)));
        Assert.All(NetTcpConfigCases.Configurations, c => Assert.Equal(c, NetTcpConfigCases.ConfigurationOf(NetTcpConfigCases.CaseName(c, TimeSpan.FromSeconds(5)))));
        Assert.Null(NetTcpConfigCases.ConfigurationOf("GET time (controllers)"));
    }

    [Fact]
    public void Markdown_EveryExperiment_HasItsOwnSectionInOrder()
    {
        var rates = NetTcpRates(30_000, 45_000, 40_000);
        var measured = new Dictionary<string, double> { ["TodoSendGrpcStreaming-c10"] = 900, ["TodoSendGrpcUnary-c10"] = 1_000, ["TodoSendWcfText-c10"] = 2_000 };

        var markdown = PublishedComparison.Markdown(measured, rates);

        var sections = Enumerable.Range(1, 5).Select(i => markdown.IndexOf($"### {i}. ", StringComparison.Ordinal)).ToList();
        Assert.All(sections, index => Assert.True(index >= 0));
        Assert.Equal(sections.Order(), sections);
        Assert.Contains("| Send | 10 | - | 2,000.0 | - | 1,000.0 | 900.0 | same order: gRPC fastest, 0.45x WCF text |", markdown, StringComparison.Ordinal);
        Assert.Contains("gRPC fastest in 1 of 1 rows, within 10% in 0, slower in 0. Client streaming under load:", markdown, StringComparison.Ordinal);
        Assert.Contains("| Wcf.NetTcp/Default | 30,000 | 0.75 |", markdown, StringComparison.Ordinal);
        Assert.Contains("Order: default NetTcp slower than BasicHttp, as published; tuned NetTcp the fastest by more than 10%, as published.", markdown, StringComparison.Ordinal);
    }

    /// <summary>The NetTcp configuration experiment's three rows, 5 s each, as the tool names them.</summary>
    private static Dictionary<string, double> NetTcpRates(double secured, double tuned, double basicHttp) => new()
    {
        [NetTcpConfigCases.CaseName(NetTcpConfigCases.Default, TimeSpan.FromSeconds(5))] = secured,
        [NetTcpConfigCases.CaseName(NetTcpConfigCases.Tuned, TimeSpan.FromSeconds(5))] = tuned,
        [NetTcpConfigCases.CaseName(NetTcpConfigCases.BasicHttp, TimeSpan.FromSeconds(5))] = basicHttp,
    };
}
