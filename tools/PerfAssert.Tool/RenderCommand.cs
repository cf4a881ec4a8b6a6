using PerfAssert.Reporting;

namespace PerfAssert.Tool;

/// <summary><c>render</c>: writes report files from results JSON through <see cref="ReportRenderer"/> and prints their paths.</summary>
internal static class RenderCommand
{
    public static async Task<int> RunAsync(CliOptions options, Func<string> defaultResults, TextWriter output)
    {
        var formats = options["--format"] switch
        {
            null or "both" => ReportFormats.All,
            "md" => ReportFormats.Markdown,
            "html" => ReportFormats.Html,
            var other => throw new ArgumentException($"--format '{other}' is not one of md, html, both.{System.Environment.NewLine}{Cli.Usage}"),
        };
        var results = options["--results"] ?? defaultResults();
        var outputDirectory = options["--out"] ?? Path.Combine(Directory.GetCurrentDirectory(), Cli.DefaultReportFolder);

        var report = await ReportRenderer.RenderAsync(results, outputDirectory, formats);

        await output.WriteLineAsync(report.Headline);
        await output.WriteLineAsync($"read {report.Source} (per-test results)");
        foreach (var file in report.Files)
        {
            await output.WriteLineAsync($"wrote {file}");
        }

        if (report.FailedTests > 0 && options.Has("--fail-on-regression"))
        {
            await output.WriteLineAsync($"{report.FailedTests} test{(report.FailedTests == 1 ? string.Empty : "s")} failed: exit code 1 (--fail-on-regression).");
            return 1;
        }

        return 0;
    }
}
