using System.Text.Json.Nodes;
using PerfAssert.BenchmarkDotNet.Json;
using PerfAssert.BenchmarkDotNet.Tests.Support;
using PerfAssert.Verdicts;

namespace PerfAssert.BenchmarkDotNet.Tests.Json;

/// <summary>
/// Reads <c>TestData/InvoiceBenchmarks.FormatBenchmarks-report-full.json</c>, written by BenchmarkDotNet 0.14.0's own
/// JSON exporter from a short-job run of <c>tests/InvoiceBenchmarks</c>, and judges it against the committed copy in
/// <c>TestData/baseline</c>.
/// </summary>
public sealed class BenchmarkDotNetReportTests
{
    private const string ExportName = "InvoiceBenchmarks.FormatBenchmarks-report-full.json";

    private static string Export => Path.Combine(AppContext.BaseDirectory, "TestData", ExportName);

    private static string Baseline => Path.Combine(AppContext.BaseDirectory, "TestData", "baseline", ExportName);

    [Fact]
    public void Read_BenchmarkDotNetFullExport_ReadsEveryBenchmarkWithReadableIds()
    {
        var report = BenchmarkDotNetReport.Read(Export);

        Assert.Equal("0.14.0", report.ToolVersion);
        Assert.Equal(
            ["FormatBenchmarks.Interpolated(Rows: 16)", "FormatBenchmarks.Buffered(Rows: 16)", "FormatBenchmarks.Interpolated(Rows: 128)", "FormatBenchmarks.Buffered(Rows: 128)"],
            report.Benchmarks.Select(b => b.Id));
        Assert.All(report.Benchmarks, b => Assert.True(b.BytesAllocatedPerOperation > 0 && b.MeanNs > 0));
    }

    [Fact]
    public void ToResults_JudgedExport_OneResultPerBenchmarkWithItsVerdictsAndTheExportsMachine()
    {
        var report = BenchmarkDotNetReport.Read(Export);
        var verdicts = BenchmarkDotNetJudge.Judge(report, BenchmarkDotNetReport.Read(Baseline));

        var results = BenchmarkDotNetResults.From(report, verdicts, Baseline);

        Assert.Equal(report.Benchmarks.Select(b => b.Id), results.Select(r => r.Name));
        Assert.All(results, r => Assert.Equal(["allocated", "mean (BenchmarkDotNet)"], r.Verdicts.Select(v => v.Metric)));
        Assert.Equal(report.Benchmarks[0].MeanNs, results[0].Subject.MeanNs);
        // 68 gen-0 collections over 524,288 operations in the export.
        Assert.Equal(2_176, results[0].Subject.Allocations!.BytesPerOp);
        Assert.Equal(68 * 1000.0 / 524_288, results[0].Subject.Allocations!.Gen0PerThousandOps, 9);
        Assert.Equal("linux-x64-2c-net10", results[0].Environment.MachineClass);
        Assert.Equal("10.0.12", results[0].Environment.Runtime);
        Assert.All(results, r => Assert.False(r.Failed));
    }

    // begin-snippet: judge-json
    [Fact]
    public void Judge_UnchangedExport_AllocationsPassAndTimingsAreAdvisory()
    {
        var verdicts = BenchmarkDotNetJudge.Judge(BenchmarkDotNetReport.Read(Export), BenchmarkDotNetReport.Read(Baseline));

        Assert.All(verdicts.Where(v => v.Unit == "B/op"), v => Assert.Equal(VerdictOutcome.Pass, v.Outcome));
        Assert.All(verdicts.Where(v => v.Unit == "ns"), v => Assert.True(v.Advisory));
        Assert.DoesNotContain(verdicts, v => v.Fails(strict: false));
    }
    // end-snippet

    [Fact]
    public void Judge_AllocationRaisedByOneByte_IsRegressionNamingTheBenchmark()
    {
        using var temp = new TempDirectory();
        var json = JsonNode.Parse(File.ReadAllText(Export))!;
        var memory = json["Benchmarks"]![1]!["Memory"]!;
        memory["BytesAllocatedPerOperation"] = memory["BytesAllocatedPerOperation"]!.GetValue<long>() + 1;
        var raised = temp.Write("raised.json", json.ToJsonString());

        var verdicts = BenchmarkDotNetJudge.Judge(BenchmarkDotNetReport.Read(raised), BenchmarkDotNetReport.Read(Baseline));

        var regression = Assert.Single(verdicts, v => v.Fails(strict: false));
        Assert.Equal(VerdictOutcome.Regression, regression.Outcome);
        Assert.StartsWith("FormatBenchmarks.Buffered(Rows: 16) allocated = ", regression.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Judge_TimeDoubled_IsAdvisoryRegressionThatDoesNotFail()
    {
        using var temp = new TempDirectory();
        var json = JsonNode.Parse(File.ReadAllText(Export))!;
        var statistics = json["Benchmarks"]![0]!["Statistics"]!;
        statistics["Mean"] = statistics["Mean"]!.GetValue<double>() * 2;
        var slower = temp.Write("slower.json", json.ToJsonString());

        var verdicts = BenchmarkDotNetJudge.Judge(BenchmarkDotNetReport.Read(slower), BenchmarkDotNetReport.Read(Baseline));

        var timing = Assert.Single(verdicts, v => v.Outcome == VerdictOutcome.Regression);
        Assert.True(timing.Advisory);
        Assert.EndsWith("Regression (advisory) - timed by BenchmarkDotNet in another process; reported, not judged", timing.Message, StringComparison.Ordinal);
        Assert.DoesNotContain(verdicts, v => v.Fails(strict: false));
    }

    [Theory]
    [InlineData("{\"Title\":\"x\",\"results\":[]}", "not a BenchmarkDotNet full JSON export")]
    [InlineData("{\"HostEnvironmentInfo\":{\"BenchmarkDotNetCaption\":\"BenchmarkDotNet\",\"BenchmarkDotNetVersion\":\"0.16.0\"},\"Benchmarks\":[]}", "written by BenchmarkDotNet 0.16.0, newer than the 0.15 format")]
    [InlineData("{\"HostEnvironmentInfo\":{\"BenchmarkDotNetCaption\":\"BenchmarkDotNet\",\"BenchmarkDotNetVersion\":\"0.14.0\"},\"Benchmarks\":[{\"Type\":\"T\",\"Method\":\"M\",\"FullName\":\"N.T.M\",\"Statistics\":{}}]}", "Benchmarks[0].Statistics has no 'Mean'")]
    [InlineData("{\"HostEnvironmentInfo\":{\"BenchmarkDotNetCaption\":\"BenchmarkDotNet\",\"BenchmarkDotNetVersion\":\"0.14.0\"}}", "the file has no 'Benchmarks'")]
    [InlineData("not json", "not JSON")]
    public void Read_BadFile_ThrowsNamingTheFile(string text, string expected)
    {
        using var temp = new TempDirectory();
        var path = temp.Write("bad-report-full.json", text);

        var error = Assert.Throws<BenchmarkBridgeException>(() => BenchmarkDotNetReport.Read(path));

        Assert.StartsWith(path + ": ", error.Message, StringComparison.Ordinal);
        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Tool_Bdn_PrintsVerdictsAndWritesReport()
    {
        using var temp = new TempDirectory();
        var output = new StringWriter();

        var exit = await PerfAssert.Tool.Cli.MainAsync(["bdn", "--report", Export, "--baseline", Baseline, "--out", temp.Path, "--fail-on-regression"], output, new StringWriter(), ci: false);

        Assert.Equal(0, exit);
        Assert.Contains("FormatBenchmarks.Buffered(Rows: 128) allocated = ", output.ToString(), StringComparison.Ordinal);
        // The usual report, as `perfassert render` writes it for a test run: one result per benchmark, its verdicts inside.
        var markdown = File.ReadAllText(Path.Combine(temp.Path, "report.md"));
        var html = File.ReadAllText(Path.Combine(temp.Path, "report.html"));
        Assert.StartsWith("# BenchmarkDotNet 0.14.0: ", markdown, StringComparison.Ordinal);
        Assert.Contains("FormatBenchmarks.Interpolated(Rows: 16)", markdown, StringComparison.Ordinal);
        Assert.Contains("| FormatBenchmarks.Interpolated(Rows: 16) | allocated | 2,176 B/op | 2,176 B/op | BenchmarkDotNet, 3 measurements | Pass |", markdown, StringComparison.Ordinal);
        Assert.Contains("<html", html, StringComparison.Ordinal);
        Assert.Contains("FormatBenchmarks.Buffered(Rows: 128)", html, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Tool_BdnOnFileFromAnotherTool_ExitsTwoNamingTheFile()
    {
        using var temp = new TempDirectory();
        var other = temp.Write("other.json", "{\"schemaVersion\":1,\"entries\":{}}");
        var error = new StringWriter();

        var exit = await PerfAssert.Tool.Cli.MainAsync(["bdn", "--report", other, "--baseline", Baseline], new StringWriter(), error, ci: false);

        Assert.Equal(2, exit);
        Assert.Contains(other + ": not a BenchmarkDotNet full JSON export", error.ToString(), StringComparison.Ordinal);
    }
}
