using PerfAssert.IO;

namespace PerfAssert.Reporting;

/// <summary>
/// Renders results JSON into report files: per-test results (the xUnit adapter's <c>TestResults/perfassert</c>) as a
/// <see cref="RunReport"/> summary, or the reference suite's <c>results.json</c> with <see cref="MarkdownReport"/> and
/// <see cref="HtmlReport"/>. Everything is read and rendered before anything is written, so bad input changes nothing;
/// each file is then written atomically. Rendering judges nothing: failing verdicts are reported, not thrown.
/// </summary>
public static class ReportRenderer
{
    /// <summary>Reads <paramref name="results"/> and writes the report into <paramref name="outputDirectory"/>.</summary>
    /// <param name="results">
    /// A folder of per-test result files (every <c>*.json</c> in it), a folder holding the reference suite's
    /// <c>results.json</c>, or one file of either kind.
    /// </param>
    /// <param name="outputDirectory">Where <see cref="ReportWriter.MarkdownFile"/> and <see cref="ReportWriter.HtmlFile"/> go; created if missing.</param>
    /// <param name="formats">Which of the two files to write.</param>
    /// <param name="cancellationToken">Cancels the writing.</param>
    /// <exception cref="DirectoryNotFoundException"><paramref name="results"/> does not exist.</exception>
    /// <exception cref="InvalidDataException">There are no results, or a file is corrupt or of another shape; the message names it.</exception>
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

        var loaded = Load(source);
        var files = new List<(string Path, Func<string> Text)>();
        if (formats.HasFlag(ReportFormats.Markdown))
        {
            files.Add((Path.Combine(output, ReportWriter.MarkdownFile), loaded.Markdown));
        }

        if (formats.HasFlag(ReportFormats.Html))
        {
            files.Add((Path.Combine(output, ReportWriter.HtmlFile), loaded.Html));
        }

        var rendered = files.Select(f => (f.Path, Text: f.Text())).ToList();
        if (rendered.FirstOrDefault(f => Directory.Exists(f.Path)).Path is { } blocked)
        {
            throw new IOException($"{blocked} is a folder; the report cannot be written over it. Move it, or pass another output folder.");
        }

        Directory.CreateDirectory(output);
        foreach (var (path, text) in rendered)
        {
            await AtomicFile.WriteAllTextAsync(path, text, cancellationToken).ConfigureAwait(false);
        }

        return new RenderedReport(loaded.Source, loaded.IsReference, loaded.Summary.Headline, loaded.Summary.FailedTests, rendered.Select(f => f.Path).ToList());
    }

    private static Loaded Load(string source)
    {
        if (Directory.Exists(source))
        {
            var referenceFile = Path.Combine(source, ReportWriter.JsonFile);
            var referenceJson = File.Exists(referenceFile) ? File.ReadAllText(referenceFile) : null;
            if (referenceJson is not null && ResultsReader.IsReferenceReport(referenceJson, referenceFile))
            {
                return Reference(referenceFile, ResultsReader.ParseReferenceReport(referenceJson, referenceFile));
            }

            return Run(source, new RunReport(ResultsReader.ReadDirectory(source)));
        }

        if (!File.Exists(source))
        {
            throw new DirectoryNotFoundException($"No results at {source}: no such folder or file. Run the performance tests first; each writes its result to TestResults/perfassert.");
        }

        var json = File.ReadAllText(source);
        return ResultsReader.IsReferenceReport(json, source)
            ? Reference(source, ResultsReader.ParseReferenceReport(json, source))
            : Run(source, new RunReport([ResultsReader.ParseResult(json, source)]));
    }

    private static Loaded Reference(string read, ReferenceReport report) =>
        new(read, true, new RunReport(report.Results) { Title = report.Title }, () => MarkdownReport.Render(report), () => HtmlReport.Render(report));

    private static Loaded Run(string read, RunReport report) =>
        new(read, false, report, () => RunMarkdownReport.Render(report), () => RunHtmlReport.Render(report));

    // What was read, with its two renderings deferred until the formats are known.
    private sealed record Loaded(string Source, bool IsReference, RunReport Summary, Func<string> Markdown, Func<string> Html);
}
