using System.Text.Json;
using PerfAssert.ReferenceSuite.Report;

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
