namespace PerfAssert.Reporting;

/// <summary>Which files a rendered report consists of.</summary>
[Flags]
public enum ReportFormats
{
    /// <summary>No file.</summary>
    None = 0,

    /// <summary>Markdown (<see cref="ReportRenderer.MarkdownFile"/>), for a pull request or a CI job summary.</summary>
    Markdown = 1,

    /// <summary>One self-contained HTML page (<see cref="ReportRenderer.HtmlFile"/>).</summary>
    Html = 2,

    /// <summary>Markdown and HTML.</summary>
    All = Markdown | Html,
}
