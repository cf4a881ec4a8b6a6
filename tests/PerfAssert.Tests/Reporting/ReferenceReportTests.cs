using PerfAssert.Reporting;

namespace PerfAssert.Tests.Reporting;

public sealed class ReferenceReportTests
{
    [Fact]
    public void Rows_AnyInputOrder_SortByItemsThenSizeThenStackWithOtherNamesLast()
    {
        var results = ReportSamples.Results();
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
        var report = ReportSamples.Report();

        var stj = report.Rows.Single(r => r.Result.Name == "LargeAspNetCoreMinimalStj-100");
        var wcf = report.Rows.Single(r => r.Result.Name == "LargeWcfText-100");

        Assert.Equal(stj.MeanUs / wcf.MeanUs, stj.RatioToReference!.Value, 12);
        Assert.Equal(1.0, wcf.RatioToReference);
        Assert.Null(report.Rows.Single(r => r.Result.Name == "FloorTcpEcho").RatioToReference);
    }

    [Fact]
    public void Rows_ReferenceStackDidNotRun_RatioIsMissing()
    {
        var report = new ReferenceReport(ReportSamples.Results()) { ReferenceStack = "WcfNetTcp" };

        Assert.All(report.Rows, r => Assert.Null(r.RatioToReference));
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
