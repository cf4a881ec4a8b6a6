using System.Net;
using System.Text;

namespace PerfAssert.Reporting;

/// <summary>
/// The page frame and table helpers every HTML report shares: one inline style sheet, no script and no external reference,
/// and every piece of text HTML-escaped on its way in. The sheet also styles inline SVG charts, for the reports that
/// draw them (the reference suite's).
/// </summary>
internal static class HtmlPage
{
    private const string Style = """
        body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px;color:#1b1b1b;max-width:1000px}
        h1{font-size:1.6em}h2{font-size:1.25em;margin-top:1.6em;border-bottom:1px solid #ddd;padding-bottom:4px}
        table{border-collapse:collapse;font-size:.85em;margin:8px 0}th,td{border:1px solid #ddd;padding:3px 8px}
        th{background:#f3f3f3}td.n{text-align:right;font-variant-numeric:tabular-nums}
        .Pass,.Improved{color:#1a7f37}.Inconclusive{color:#9a6700}.Regression,.Invalid,.NoBaseline{color:#cf222e;font-weight:600}
        ul.verdicts{font-family:ui-monospace,Consolas,monospace;font-size:.8em}
        svg.chart{display:block;max-width:100%;height:auto;margin:8px 0 20px}
        .chart-title{font-size:15px;font-weight:600}.tick,.group,.legend,.unit{font-size:12px;fill:#333}.value{font-size:11px;fill:#333}
        .grid{stroke:#e5e5e5}.axis{stroke:#555}
        """;

    /// <summary>Writes everything up to and including the page's heading.</summary>
    public static void Open(StringBuilder html, string title)
    {
        html.Append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>").Append(Escape(title)).Append("</title>\n");
        html.Append("<style>\n").Append(Style.ReplaceLineEndings("\n")).Append("\n</style>\n</head>\n<body>\n");
        html.Append("<h1>").Append(Escape(title)).Append("</h1>\n");
    }

    public static void Close(StringBuilder html) => html.Append("</body>\n</html>\n");

    public static void Heading(StringBuilder html, string text) => html.Append("<h2>").Append(Escape(text)).Append("</h2>\n");

    public static void Paragraph(StringBuilder html, string text) => html.Append("<p>").Append(Escape(text)).Append("</p>\n");

    /// <summary>Opens a table and writes its header row; the caller closes it with <c>&lt;/table&gt;</c>.</summary>
    public static void Header(StringBuilder html, IEnumerable<string> columns)
    {
        html.Append("<table>\n<tr>");
        foreach (var column in columns)
        {
            html.Append("<th>").Append(Escape(column)).Append("</th>");
        }

        html.Append("</tr>\n");
    }

    public static void Cell(StringBuilder html, string text, bool numeric) =>
        html.Append(numeric ? "<td class=\"n\">" : "<td>").Append(Escape(text)).Append("</td>");

    /// <summary>A cell coloured by a verdict outcome's style class (or <c>none</c>).</summary>
    public static void OutcomeCell(StringBuilder html, string styleClass, string text) =>
        html.Append("<td class=\"").Append(styleClass).Append("\">").Append(Escape(text)).Append("</td>");

    public static string Escape(string value) => WebUtility.HtmlEncode(value);
}
