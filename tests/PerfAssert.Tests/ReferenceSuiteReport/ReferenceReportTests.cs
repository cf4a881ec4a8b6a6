using PerfAssert.ReferenceSuite.Report;

namespace PerfAssert.Tests.ReferenceSuiteReport;

public sealed class ReferenceReportTests
{
    [Fact]
    public void Rows_AnyInputOrder_SortByItemsThenSizeThenStackWithOtherNamesLast()
    {
        var results = ReferenceSamples.Results();
        var reversed = new ReferenceReport(Enumerable.Reverse(results).ToList());
        var given = new ReferenceReport(results);

        Assert.Equal(given.Rows.Select(r => r.Result.Name), reversed.Rows.Select(r => r.Result.Name));
        Assert.Equal("SmallAspNetCoreControllersNewtonsoft-0", given.Rows[0].Result.Name);
        Assert.Equal("LargeWcfText-1000", given.Rows[^2].Result.Name);
        Assert.Equal("FloorTcpEcho", given.Rows[^1].Result.Name);
        Assert.Null(given.Rows[^1].CaseName);
    }

    [Fact]
    public void Rows_ReferenceStack_RatioIsMeanOverReferenceOfSameCase()
    {
        var report = ReferenceSamples.Report();

        var stj = report.Rows.Single(r => r.Result.Name == "LargeAspNetCoreMinimalStj-100");
        var wcf = report.Rows.Single(r => r.Result.Name == "LargeWcfText-100");

        Assert.Equal(stj.MeanUs / wcf.MeanUs, stj.RatioToReference!.Value, 12);
        Assert.Equal(1.0, wcf.RatioToReference);
        Assert.Null(report.Rows.Single(r => r.Result.Name == "FloorTcpEcho").RatioToReference);
    }

    [Fact]
    public void Rows_SideBySideRatios_TakeTheirEstimateAndIntervalNotTheQuotientOfMeans()
    {
        var measured = new PerfAssert.Statistics.Interval(1.52, 1.47, 1.58, 0.99, 40);
        var sample = ReferenceSamples.Report();
        var report = new ReferenceReport(sample.Results, sample.Throughput, sample.FloorRatios)
        {
            ReferenceStack = sample.ReferenceStack,
            ReferenceRatios = new Dictionary<string, PerfAssert.Statistics.Interval> { ["LargeAspNetCoreMinimalStj-100"] = measured },
        };

        var stj = report.Rows.Single(r => r.Result.Name == "LargeAspNetCoreMinimalStj-100");
        var parsed = ReferenceResults.Parse(report.ToJson(), "results.json");

        Assert.Equal(1.52, stj.RatioToReference);
        Assert.Equal(measured, stj.RatioInterval);
        Assert.Equal(1.0, report.Rows.Single(r => r.Result.Name == "LargeWcfText-100").RatioToReference);
        Assert.Null(report.Rows.Single(r => r.Result.Name == "SmallAspNetCoreControllersNewtonsoft-0").RatioToReference);
        Assert.Contains("| 1.52x [1.47, 1.58] |", MarkdownReport.Render(report), StringComparison.Ordinal);
        Assert.Contains(">1.52x [1.47, 1.58]<", HtmlReport.Render(report), StringComparison.Ordinal);
        Assert.Equal(measured, parsed.Rows.Single(r => r.Result.Name == "LargeAspNetCoreMinimalStj-100").RatioInterval);
    }

    [Fact]
    public void Rows_ReferenceStackDidNotRun_RatioIsMissing()
    {
        var report = new ReferenceReport(ReferenceSamples.Results()) { ReferenceStack = "WcfNetTcp" };

        Assert.All(report.Rows, r => Assert.Null(r.RatioToReference));
    }

    [Fact]
    public void Rows_ResultsWithAPartner_AreComparisonsNotLatencyRows()
    {
        var report = ReferenceSamples.Report();

        Assert.DoesNotContain(report.Rows, r => r.Result.Partner is not null || r.Result.Name.Contains(" vs ", StringComparison.Ordinal));
        Assert.Equal(report.Results.Count(r => r.Partner is null), report.Rows.Count);
        var regression = report.Comparisons.Single(c => c.Subject == "SmallAspNetCoreControllersNewtonsoft-0");
        Assert.Equal("SmallWcfText-0", regression.Partner);
        Assert.Equal(5.0, regression.Ratio.Estimate, 12);
        Assert.Equal(2.5, regression.Budget);
        Assert.Equal(PerfAssert.Verdicts.VerdictOutcome.Regression, regression.Outcome);
        Assert.Equal(18, report.Comparisons.Count);
    }

    [Fact]
    public void ToJson_Comparisons_SurviveTheRoundTrip()
    {
        var parsed = ReferenceResults.Parse(ReferenceSamples.Report().ToJson(), "results.json");

        Assert.Equal(18, parsed.Comparisons.Count);
        Assert.All(parsed.Comparisons, c => Assert.NotNull(c.Result.Partner));
    }

    [Fact]
    public void ToJson_MeansIntervalsAndTheMachinesSpeed_SurviveTheRoundTrip()
    {
        var report = ReferenceSamples.Report();

        var parsed = ReferenceResults.Parse(report.ToJson(), "results.json");

        Assert.Equal(report.Speed, parsed.Speed);
        Assert.Equal(report.MeanIntervals!.Count, parsed.MeanIntervals!.Count);
        Assert.Equal(report.Rows.Select(r => r.MeanInterval), parsed.Rows.Select(r => r.MeanInterval));
        Assert.Equal(report.FloorRatios[0].RatioInterval, parsed.FloorRatios[0].RatioInterval);
        Assert.Equal(1.2, parsed.Speed!.Slowdown, 12);
    }

    [Fact]
    public void Markdown_VerdictsStoppedEarlyWithWideIntervals_SayWhy()
    {
        var narrow = ReferenceSamples.Report();
        var wide = new ReferenceReport([ReferenceSamples.Comparison("SmallAspNetCoreMinimalStj-0", 900, "SmallWcfText-0", 360) is var result
            ? result with { Verdicts = [result.Verdicts[0] with { Measured = new PerfAssert.Statistics.Interval(2.5, 2.0, 2.9, 0.99, 8) }] }
            : null!]);

        Assert.DoesNotContain("reach further than 10% from their ratio", MarkdownReport.Render(narrow), StringComparison.Ordinal);
        Assert.Contains("1 of these 1 intervals reach further than 10% from their ratio: a verdict stops measuring as soon as its whole interval lies on one side of its budget", MarkdownReport.Render(wide), StringComparison.Ordinal);
        Assert.Contains("1 of these 1 intervals reach further than 10%", HtmlReport.Render(wide), StringComparison.Ordinal);
    }

    [Fact]
    public void Constructor_NullResult_Throws()
    {
        Assert.Throws<ArgumentNullException>(() => new ReferenceReport(null!));
        Assert.Throws<ArgumentException>(() => new ReferenceReport([null!]));
    }

    [Fact]
    public void FloorRatio_ZeroFloor_IsNaNNotInfinity()
    {
        Assert.True(double.IsNaN(new FloorRatio("x", 10, 0).Ratio));
        Assert.Equal(2.5, new FloorRatio("x", 140, 56).Ratio, 12);
    }
}
