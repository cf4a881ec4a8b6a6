using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Reporting;
using PerfAssert.Tests.Baselines;
using PerfAssert.Tests.ReferenceSuiteReport;
using PerfAssert.Tests.Reporting;
using PerfAssert.Tests.Support;
using PerfAssert.Tool;

namespace PerfAssert.Tests.Tool;

public sealed class RenderCommandTests : IDisposable
{
    private readonly TempDirectory _temp = new();
    private readonly string _results;
    private readonly string _out;

    public RenderCommandTests()
    {
        _results = _temp.Sub("results");
        _out = Path.Combine(_temp.Path, "report");
    }

    [Fact]
    public async Task Render_ResultFolder_WritesTheSummaryAndPrintsThePaths()
    {
        var results = WriteResults();
        var output = new StringWriter();

        var code = await Cli.MainAsync(["render", "--results", _results, "--out", _out], output, TextWriter.Null);

        Assert.Equal(0, code);
        var expected = new RunReport(results.OrderBy(r => FileName(r), StringComparer.Ordinal).ToList());
        Assert.Equal(RunMarkdownReport.Render(expected), File.ReadAllText(Path.Combine(_out, "report.md")));
        Assert.Equal(RunHtmlReport.Render(expected), File.ReadAllText(Path.Combine(_out, "report.html")));
        Assert.Equal(
            [expected.Headline, $"read {_results} (per-test results)", $"wrote {Path.Combine(_out, "report.md")}", $"wrote {Path.Combine(_out, "report.html")}"],
            output.ToString().TrimEnd().Split(System.Environment.NewLine));
    }

    [Fact]
    public async Task Render_FailOnRegressionWithFailingTests_Exits1AfterWriting()
    {
        WriteResults();
        var output = new StringWriter();

        var code = await Cli.MainAsync(["render", "--results", _results, "--out", _out, "--fail-on-regression"], output, TextWriter.Null);

        Assert.Equal(1, code);
        Assert.Contains("5 tests failed: exit code 1 (--fail-on-regression).", output.ToString(), StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(_out, "report.md")));
    }

    [Fact]
    public async Task Render_FailOnRegressionWithOnlyPassingTests_Exits0()
    {
        var passing = RunSamples.Results().Where(r => !r.Failed).ToList();
        passing.ForEach(r => File.WriteAllText(Path.Combine(_results, FileName(r)), PerfJson.Serialize(r)));

        var code = await Cli.MainAsync(["render", "--results", _results, "--out", _out, "--fail-on-regression"], TextWriter.Null, TextWriter.Null);

        Assert.Equal(0, code);
    }

    [Theory]
    [InlineData("md", "report.md")]
    [InlineData("html", "report.html")]
    public async Task Render_OneFormat_WritesOnlyThatFile(string format, string file)
    {
        WriteResults();

        await Cli.RunAsync(["render", "--results", _results, "--out", _out, "--format", format], TextWriter.Null);

        Assert.Equal([file], Directory.GetFiles(_out).Select(Path.GetFileName));
    }

    [Fact]
    public async Task Render_OneResultFile_RendersThatResult()
    {
        var result = RunSamples.Results()[0];
        var path = Path.Combine(_results, "one.json");
        File.WriteAllText(path, PerfJson.Serialize(result));

        await Cli.RunAsync(["render", "--results", path, "--out", _out, "--format", "md"], TextWriter.Null);

        Assert.Equal(RunMarkdownReport.Render(new RunReport([result])), File.ReadAllText(Path.Combine(_out, "report.md")));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Render_ReferenceSuiteResults_Exits2NamingTheFileAndWritesNothing(bool file)
    {
        // The reference suite renders its own report (its --render option); the tool renders a test run's results only.
        await ReportWriter.WriteAsync(ReferenceSamples.Report(), _results, TestContext.Current.CancellationToken);
        var resultsJson = Path.Combine(_results, "results.json");

        var (code, error) = await RunUnchanged(["render", "--results", file ? resultsJson : _results, "--out", _out]);

        Assert.Equal(2, code);
        Assert.Contains($"{resultsJson} is the PerfAssert reference suite's results.json, not a test's result", error, StringComparison.Ordinal);
        Assert.False(Directory.Exists(_out));
    }

    [Fact]
    public async Task Render_NoResultsOption_ReadsTestResultsBesideTheBaselines()
    {
        var baselines = _temp.Sub("baselines");
        var beside = _temp.Sub(Path.Combine("TestResults", "perfassert"));
        var result = RunSamples.Results()[0];
        File.WriteAllText(Path.Combine(beside, "one.json"), PerfJson.Serialize(result));
        var output = new StringWriter();

        await Cli.RunAsync(["render", "--baselines", baselines, "--out", _out], output);

        Assert.Contains($"read {beside} (per-test results)", output.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Render_NoResultsOptionAndNoBaselinesFolder_Exits2SuggestingResults()
    {
        var missing = Path.Combine(_temp.Path, "baselines");

        var (code, error) = await RunUnchanged(["render", "--baselines", missing, "--out", _out]);

        Assert.Equal(2, code);
        Assert.Contains($"No baselines folder at {missing}", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Render_MissingResultsFolder_Exits2NamingItAndWritesNothing()
    {
        var missing = Path.Combine(_temp.Path, "nope");

        var (code, error) = await RunUnchanged(["render", "--results", missing, "--out", _out]);

        Assert.Equal(2, code);
        Assert.Contains($"No results at {missing}", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Render_EmptyResultsFolder_Exits2SayingThereAreNoResults()
    {
        var (code, error) = await RunUnchanged(["render", "--results", _results, "--out", _out]);

        Assert.Equal(2, code);
        Assert.Contains($"No results in {_results}", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Render_OneCorruptResultAmongGoodOnes_Exits2NamingItAndWritesNothing()
    {
        WriteResults();
        var corrupt = Path.Combine(_results, "m-corrupt.json");
        File.WriteAllText(corrupt, "{ \"name\": \"half a file\", \"verdicts\": [");

        var (code, error) = await RunUnchanged(["render", "--results", _results, "--out", _out]);

        Assert.Equal(2, code);
        Assert.Contains($"{corrupt} is not valid JSON", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Render_FileOfTheWrongShape_Exits2NamingIt()
    {
        var baseline = Path.Combine(_results, "Api.json");
        File.WriteAllText(baseline, PerfAssert.Baselines.BaselineJson.Serialize(BaselineJsonTests.Sample()));

        var (code, error) = await RunUnchanged(["render", "--results", _results, "--out", _out]);

        Assert.Equal(2, code);
        Assert.Contains($"{baseline} is not a PerfAssert result file", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Render_OutputPathIsAFile_Exits2NamingItAndChangesNothing()
    {
        WriteResults();
        File.WriteAllText(_out, "keep me");

        var (code, error) = await RunUnchanged(["render", "--results", _results, "--out", _out]);

        Assert.Equal(2, code);
        Assert.Contains($"The output path {_out} is a file", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Render_ExistingReportIsAFolder_Exits2AndWritesNoOtherFile()
    {
        WriteResults();
        Directory.CreateDirectory(Path.Combine(_out, "report.html"));

        var (code, error) = await RunUnchanged(["render", "--results", _results, "--out", _out]);

        Assert.Equal(2, code);
        Assert.Contains($"{Path.Combine(_out, "report.html")} is a folder", error, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--format", "pdf")]
    [InlineData("--from", "x")]
    [InlineData("--out")]
    public async Task Render_BadOption_Exits2WithUsage(params string[] option)
    {
        WriteResults();

        var (code, error) = await RunUnchanged(["render", "--results", _results, .. option]);

        Assert.Equal(2, code);
        Assert.Contains("usage: perfassert", error, StringComparison.Ordinal);
    }

    public void Dispose() => _temp.Dispose();

    private static string FileName(PerfResult result) => result.Name.Replace(' ', '_').Replace('<', '_').Replace('>', '_') + ".json";

    private List<PerfResult> WriteResults()
    {
        var results = RunSamples.Results();
        results.ForEach(r => File.WriteAllText(Path.Combine(_results, FileName(r)), PerfJson.Serialize(r)));
        return results;
    }

    /// <summary>Runs the tool as the process does and asserts that no file or folder under the temp root changed.</summary>
    private async Task<(int Code, string Error)> RunUnchanged(string[] args)
    {
        var before = DirectorySnapshot.Take(_temp.Path);
        var error = new StringWriter();

        var code = await Cli.MainAsync(args, TextWriter.Null, error);

        Assert.Equal(before, DirectorySnapshot.Take(_temp.Path));
        return (code, error.ToString());
    }
}
