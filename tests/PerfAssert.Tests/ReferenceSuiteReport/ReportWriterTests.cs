using System.Text.Json;
using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Tests.Support;

namespace PerfAssert.Tests.ReferenceSuiteReport;

public sealed class ReportWriterTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task WriteAsync_NewDirectory_WritesFourFilesAndNoTemporaries()
    {
        var directory = Path.Combine(Path.GetTempPath(), "perfassert-report-" + Guid.NewGuid().ToString("N"), "nested");
        try
        {
            var written = await ReportWriter.WriteAsync(ReferenceSamples.Report(), directory, TestContext.Current.CancellationToken)
                .WaitAsync(Timeout, TestContext.Current.CancellationToken);

            Assert.Equal(["report.md", "report.html", "results.json", "results-benchmarkdotnet.json"], written.Select(Path.GetFileName));
            Assert.Equal(4, Directory.GetFiles(directory).Length);
            Assert.Equal(MarkdownReport.Render(ReferenceSamples.Report()), File.ReadAllText(written[0]));
            using var results = JsonDocument.Parse(File.ReadAllText(written[2]));
            // 25 latency rows, then the 18 comparisons.
            Assert.Equal(43, results.RootElement.GetProperty("results").GetArrayLength());
            Assert.Equal(4, results.RootElement.GetProperty("throughput").GetArrayLength());
            Assert.Equal("WcfText", results.RootElement.GetProperty("referenceStack").GetString());
        }
        finally
        {
            Directory.Delete(Path.GetDirectoryName(directory)!, recursive: true);
        }
    }

    [Fact]
    public async Task RenderAsync_FromTheSuitesResultsFolder_WritesItsMarkdownAndHtmlOnly()
    {
        // What `perfassert render` did with the suite's folder before the suite rendered its own: now its --render option.
        using var temp = new TempDirectory();
        var results = temp.Sub("reference");
        var output = Path.Combine(temp.Path, "rendered");
        var report = ReferenceSamples.Report();
        await ReportWriter.WriteAsync(report, results, TestContext.Current.CancellationToken).WaitAsync(Timeout, TestContext.Current.CancellationToken);

        var written = await ReportWriter.RenderAsync(ReferenceResults.Read(results), output, TestContext.Current.CancellationToken)
            .WaitAsync(Timeout, TestContext.Current.CancellationToken);

        Assert.Equal([Path.Combine(output, "report.md"), Path.Combine(output, "report.html")], written);
        Assert.Equal(2, Directory.GetFiles(output).Length);
        Assert.Equal(MarkdownReport.Render(report), File.ReadAllText(written[0]));
        Assert.Equal(HtmlReport.Render(report), File.ReadAllText(written[1]));
    }

    [Fact]
    public async Task RenderAsync_OutputPathIsAFile_ThrowsNamingIt()
    {
        using var temp = new TempDirectory();
        var file = Path.Combine(temp.Path, "report");
        File.WriteAllText(file, "keep me");

        var error = await Assert.ThrowsAsync<IOException>(() => ReportWriter.RenderAsync(ReferenceSamples.Report(), file, TestContext.Current.CancellationToken));

        Assert.StartsWith($"The output path {file} is a file", error.Message, StringComparison.Ordinal);
        Assert.Equal("keep me", File.ReadAllText(file));
    }

    [Fact]
    public async Task WriteAsync_ExistingReport_IsReplaced()
    {
        var directory = Path.Combine(Path.GetTempPath(), "perfassert-report-" + Guid.NewGuid().ToString("N"));
        try
        {
            Directory.CreateDirectory(directory);
            await File.WriteAllTextAsync(Path.Combine(directory, ReportWriter.MarkdownFile), "old", TestContext.Current.CancellationToken)
                .WaitAsync(Timeout, TestContext.Current.CancellationToken);

            await ReportWriter.WriteAsync(new ReferenceReport([]), directory, TestContext.Current.CancellationToken)
                .WaitAsync(Timeout, TestContext.Current.CancellationToken);

            Assert.StartsWith("# PerfAssert reference suite", File.ReadAllText(Path.Combine(directory, ReportWriter.MarkdownFile)), StringComparison.Ordinal);
            Assert.Equal(4, Directory.GetFiles(directory).Length);
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }
}
