using PerfAssert.IO;

namespace PerfAssert.Reporting;

/// <summary>
/// Renders a test run's per-test results JSON (the xUnit adapter's <c>TestResults/perfassert</c>) into report files: a
/// <see cref="RunReport"/> summary, with <see cref="RunMarkdownReport"/> and <see cref="RunHtmlReport"/>. Everything is
/// read and rendered before anything is written, so bad input changes nothing; each file is then written atomically.
/// Rendering judges nothing: failing verdicts are reported, not thrown.
/// </summary>
public static class ReportRenderer
{
    /// <summary>The Markdown report's file name.</summary>
    public const string MarkdownFile = "report.md";

    /// <summary>The HTML report's file name.</summary>
    public const string HtmlFile = "report.html";

    /// <summary>Reads <paramref name="results"/> and writes the report into <paramref name="outputDirectory"/>.</summary>
    /// <param name="results">A folder of per-test result files (every <c>*.json</c> in it), or one such file.</param>
    /// <param name="outputDirectory">Where <see cref="MarkdownFile"/> and <see cref="HtmlFile"/> go; created if missing.</param>
    /// <param name="formats">Which of the two files to write.</param>
    /// <param name="cancellationToken">Cancels the writing.</param>
    /// <exception cref="DirectoryNotFoundException"><paramref name="results"/> does not exist.</exception>
    /// <exception cref="InvalidDataException">
    /// There are no results, or a file is corrupt, of another shape or the reference suite's <c>results.json</c>; the
    /// message names it.
    /// </exception>
    /// <exception cref="IOException"><paramref name="outputDirectory"/> is a file, or a report file's path is a folder.</exception>
    public static async Task<RenderedReport> RenderAsync(string results, string outputDirectory, ReportFormats formats = ReportFormats.All, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(results);
        ArgumentException.ThrowIfNullOrWhiteSpace(outputDirectory);
        if (formats == ReportFormats.None || (formats & ~ReportFormats.All) != 0)
        {
            throw new ArgumentOutOfRangeException(nameof(formats), formats, "Choose Markdown, Html or All.");
        }

        var source = Path.GetFullPath(results);
        var output = Path.GetFullPath(outputDirectory);
        if (File.Exists(output))
        {
            throw new IOException($"The output path {output} is a file; pass a folder (it is created if missing).");
        }

        var report = Load(source);
        var rendered = new List<(string Path, string Text)>();
        if (formats.HasFlag(ReportFormats.Markdown))
        {
            rendered.Add((Path.Combine(output, MarkdownFile), RunMarkdownReport.Render(report)));
        }

        if (formats.HasFlag(ReportFormats.Html))
        {
            rendered.Add((Path.Combine(output, HtmlFile), RunHtmlReport.Render(report)));
        }

        if (rendered.FirstOrDefault(f => Directory.Exists(f.Path)).Path is { } blocked)
        {
            throw new IOException($"{blocked} is a folder; the report cannot be written over it. Move it, or pass another output folder.");
        }

        Directory.CreateDirectory(output);
        foreach (var (path, text) in rendered)
        {
            await AtomicFile.WriteAllTextAsync(path, text, cancellationToken).ConfigureAwait(false);
        }

        return new RenderedReport(source, report.Headline, report.FailedTests, rendered.Select(f => f.Path).ToList());
    }

    private static RunReport Load(string source)
    {
        if (Directory.Exists(source))
        {
            return new RunReport(ResultsReader.ReadDirectory(source));
        }

        if (!File.Exists(source))
        {
            throw new DirectoryNotFoundException($"No results at {source}: no such folder or file. Run the performance tests first; each writes its result to TestResults/perfassert.");
        }

        return new RunReport([ResultsReader.ParseResult(File.ReadAllText(source), source)]);
    }
}
