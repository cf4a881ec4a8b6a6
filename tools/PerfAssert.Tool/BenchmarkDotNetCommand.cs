using PerfAssert.BenchmarkDotNet.Json;
using PerfAssert.Reporting;

namespace PerfAssert.Tool;

/// <summary>
/// <c>bdn</c>: judges a BenchmarkDotNet full JSON export against a committed one and writes the usual report (report.md
/// and report.html, as <c>render</c> writes them for a test run).
/// </summary>
internal static class BenchmarkDotNetCommand
{
    public static async Task<int> RunAsync(CliOptions options, TextWriter output)
    {
        var reportPath = options["--report"] ?? throw new ArgumentException($"'bdn' needs --report FILE.{System.Environment.NewLine}{Cli.Usage}");
        var baselinePath = options["--baseline"] ?? throw new ArgumentException($"'bdn' needs --baseline FILE.{System.Environment.NewLine}{Cli.Usage}");
        var report = BenchmarkDotNetReport.Read(reportPath);
        var baseline = BenchmarkDotNetReport.Read(baselinePath);
        var verdicts = BenchmarkDotNetJudge.Judge(report, baseline);
        var outputDirectory = options["--out"] ?? Path.Combine(Directory.GetCurrentDirectory(), Cli.DefaultReportFolder);
        Directory.CreateDirectory(outputDirectory);
        var run = new RunReport(BenchmarkDotNetResults.From(report, verdicts, baselinePath))
        {
            Title = $"BenchmarkDotNet {report.ToolVersion}: {Path.GetFileName(reportPath)} against {Path.GetFileName(baselinePath)} (allocations judged; timings from BenchmarkDotNet's processes, advisory)",
        };
        var markdown = Path.Combine(outputDirectory, ReportRenderer.MarkdownFile);
        var html = Path.Combine(outputDirectory, ReportRenderer.HtmlFile);
        await File.WriteAllTextAsync(markdown, RunMarkdownReport.Render(run));
        await File.WriteAllTextAsync(html, RunHtmlReport.Render(run));
        foreach (var verdict in verdicts)
        {
            await output.WriteLineAsync(verdict.Message);
        }

        await output.WriteLineAsync($"wrote {markdown} and {html}");
        var failed = verdicts.Count(v => v.Fails(strict: false));
        if (failed > 0 && options.Has("--fail-on-regression"))
        {
            await output.WriteLineAsync($"{failed} verdict{(failed == 1 ? string.Empty : "s")} failed: exit code 1 (--fail-on-regression).");
            return 1;
        }

        return 0;
    }
}
