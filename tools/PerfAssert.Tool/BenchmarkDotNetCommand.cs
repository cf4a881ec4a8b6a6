using PerfAssert.BenchmarkDotNet.Json;

namespace PerfAssert.Tool;

/// <summary><c>bdn</c>: judges a BenchmarkDotNet full JSON export against a committed one and writes report.md.</summary>
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
        var file = Path.Combine(outputDirectory, "report.md");
        await File.WriteAllTextAsync(file, BenchmarkDotNetMarkdown.Render(report, baselinePath, verdicts));
        foreach (var verdict in verdicts)
        {
            await output.WriteLineAsync(verdict.Message);
        }

        await output.WriteLineAsync($"wrote {file}");
        var failed = verdicts.Count(v => v.Fails(strict: false));
        if (failed > 0 && options.Has("--fail-on-regression"))
        {
            await output.WriteLineAsync($"{failed} verdict{(failed == 1 ? string.Empty : "s")} failed: exit code 1 (--fail-on-regression).");
            return 1;
        }

        return 0;
    }
}
