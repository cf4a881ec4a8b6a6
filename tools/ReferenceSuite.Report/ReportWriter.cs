using PerfAssert.IO;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>Writes the forms of a <see cref="ReferenceReport"/> into one directory, each file atomically.</summary>
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
    public static Task<IReadOnlyList<string>> WriteAsync(ReferenceReport report, string directory, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(report);
        return WriteAsync(directory, [(MarkdownFile, MarkdownReport.Render(report)), (HtmlFile, HtmlReport.Render(report)), (JsonFile, report.ToJson()), (BenchmarkDotNetFile, BenchmarkDotNetJson.Serialize(report))], cancellationToken);
    }

    /// <summary>
    /// Renders the report again, from a <c>results.json</c> read with <see cref="ReferenceResults.Read"/>: writes
    /// <see cref="MarkdownFile"/> and <see cref="HtmlFile"/> into <paramref name="directory"/> (created if missing), each
    /// atomically, and leaves the data it was read from alone.
    /// </summary>
    /// <returns>The full paths written, Markdown before HTML.</returns>
    public static Task<IReadOnlyList<string>> RenderAsync(ReferenceReport report, string directory, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(report);
        return WriteAsync(directory, [(MarkdownFile, MarkdownReport.Render(report)), (HtmlFile, HtmlReport.Render(report))], cancellationToken);
    }

    private static async Task<IReadOnlyList<string>> WriteAsync(string directory, (string Name, string Text)[] files, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(directory);
        var full = Path.GetFullPath(directory);
        if (File.Exists(full))
        {
            throw new IOException($"The output path {full} is a file; pass a folder (it is created if missing).");
        }

        Directory.CreateDirectory(full);
        var written = new List<string>(files.Length);
        foreach (var (name, text) in files)
        {
            var path = Path.Combine(full, name);
            await AtomicFile.WriteAllTextAsync(path, text, cancellationToken).ConfigureAwait(false);
            written.Add(path);
        }

        return written;
    }
}
