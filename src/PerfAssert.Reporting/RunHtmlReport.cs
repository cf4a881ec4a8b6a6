using System.Text;
using static PerfAssert.Reporting.HtmlPage;

namespace PerfAssert.Reporting;

/// <summary>
/// Renders a <see cref="RunReport"/> as one self-contained HTML page with the same content as
/// <see cref="RunMarkdownReport"/>: the headline, the verdict table (failures first, outcomes coloured), the measurements
/// and the messages. Inline CSS only, no script and no external reference; every name and message is HTML-escaped.
/// </summary>
public static class RunHtmlReport
{
    // Columns of RunReportText.VerdictColumns / OperationColumns that hold numbers (right-aligned).
    private static readonly int[] NumericVerdictColumns = [2, 3];
    private const int OutcomeColumn = 5;

    /// <summary>Renders the report.</summary>
    public static string Render(RunReport report)
    {
        ArgumentNullException.ThrowIfNull(report);
        var html = new StringBuilder();
        Open(html, report.Headline);
        Paragraph(html, RunReportText.Status(report));
        Verdicts(html, report);
        Operations(html, report);
        Messages(html, report);
        Close(html);
        return html.ToString();
    }

    private static void Verdicts(StringBuilder html, RunReport report)
    {
        Heading(html, "Verdicts");
        if (report.Verdicts.Count == 0)
        {
            Paragraph(html, "No verdicts.");
            return;
        }

        Header(html, RunReportText.VerdictColumns);
        foreach (var row in report.Verdicts)
        {
            var cells = RunReportText.Verdict(row);
            html.Append("<tr>");
            for (var i = 0; i < cells.Length; i++)
            {
                if (i == OutcomeColumn)
                {
                    OutcomeCell(html, row.Verdict.Outcome.ToString(), cells[i]);
                }
                else
                {
                    Cell(html, cells[i], numeric: NumericVerdictColumns.Contains(i));
                }
            }

            html.Append("</tr>\n");
        }

        html.Append("</table>\n");
    }

    private static void Operations(StringBuilder html, RunReport report)
    {
        Heading(html, "Measurements");
        if (report.Results.Count == 0)
        {
            Paragraph(html, "No results.");
            return;
        }

        Header(html, RunReportText.OperationColumns);
        foreach (var cells in report.OrderedResults.SelectMany(RunReportText.Operations))
        {
            html.Append("<tr>");
            for (var i = 0; i < cells.Length; i++)
            {
                Cell(html, cells[i], numeric: i >= 2);
            }

            html.Append("</tr>\n");
        }

        html.Append("</table>\n");
    }

    private static void Messages(StringBuilder html, RunReport report)
    {
        var noteworthy = report.Verdicts.Where(RunReportText.Noteworthy).ToList();
        if (noteworthy.Count == 0)
        {
            return;
        }

        Heading(html, "Messages");
        html.Append("<ul class=\"verdicts\">\n");
        foreach (var row in noteworthy)
        {
            html.Append("<li class=\"").Append(row.Verdict.Outcome).Append("\">").Append(Escape((row.Verdict with { Diagnosis = null }).Message));
            if (row.Verdict.Diagnosis is { } diagnosis)
            {
                html.Append("<pre class=\"diagnosis\">").Append(Escape(diagnosis)).Append("</pre>");
            }

            html.Append("</li>\n");
        }

        html.Append("</ul>\n");
    }
}
