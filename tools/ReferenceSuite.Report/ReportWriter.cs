using PerfAssert.IO;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>Writes every form of a <see cref="ReferenceReport"/> into one directory, each file atomically.</summary>
public static class ReportWriter
{
    /// <summary>The Markdown report's file name.</summary>
    public const string MarkdownFile = "report.md";

    /// <summary>The HTML report's file name.</summary>
    public const string HtmlFile = "report.html";

    /// <summary>The PerfAssert JSON results' file name.</summary>
    public const string JsonFile = "results.json";

    /// <summary>The BenchmarkDotNet-shaped JSON export's file name.</summary>
    public const string BenchmarkDotNetFile = "results-benchmarkdotnet.json";

    /// <summary>
    /// Renders the report and writes <see cref="MarkdownFile"/>, <see cref="HtmlFile"/>, <see cref="JsonFile"/> and
    /// <see cref="BenchmarkDotNetFile"/> into <paramref name="directory"/> (created if missing). Each file is written to a
    /// temporary file in the same directory and renamed over the old one, so a reader never sees half a report.
    /// </summary>
    /// <returns>The full paths written, in the order above.</returns>
    public static async Task<IReadOnlyList<string>> WriteAsync(ReferenceReport report, string directory, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(report);
        ArgumentException.ThrowIfNullOrWhiteSpace(directory);
        Directory.CreateDirectory(directory);
        (string Name, string Text)[] files =
        [
            (MarkdownFile, MarkdownReport.Render(report)),
            (HtmlFile, HtmlReport.Render(report)),
            (JsonFile, report.ToJson()),
            (BenchmarkDotNetFile, BenchmarkDotNetJson.Serialize(report)),
        ];
        var written = new List<string>(files.Length);
        foreach (var (name, text) in files)
        {
            var path = Path.GetFullPath(Path.Combine(directory, name));
            await AtomicFile.WriteAllTextAsync(path, text, cancellationToken).ConfigureAwait(false);
            written.Add(path);
        }

        return written;
    }
}
