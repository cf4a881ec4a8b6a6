using System.Text;
using static PerfAssert.Reporting.MarkdownText;

namespace PerfAssert.Reporting;

/// <summary>
/// Renders a <see cref="RunReport"/> as a pull-request summary in Markdown: the headline, which tests fail, a table of
/// every verdict (failures first), a table of what was measured of each operation, and the full message of every verdict
/// that is not a plain pass. Invariant culture, LF line ends, every name escaped.
/// </summary>
public static class RunMarkdownReport
{
    /// <summary>Renders the report.</summary>
    public static string Render(RunReport report)
    {
        ArgumentNullException.ThrowIfNull(report);
        var text = new StringBuilder();
        Line(text, "# " + Cell(report.Headline));
        Line(text);
        Line(text, Cell(RunReportText.Status(report)));
        Verdicts(text, report);
        Operations(text, report);
        Messages(text, report);
        return text.ToString();
    }

    private static void Verdicts(StringBuilder text, RunReport report)
    {
        Line(text);
        Line(text, "## Verdicts");
        Line(text);
        if (report.Verdicts.Count == 0)
        {
            Line(text, "No verdicts.");
            return;
        }

        Table(text, RunReportText.VerdictColumns, "|---|---|---:|---:|---|---|---|---|", report.Verdicts.Select(RunReportText.Verdict));
    }

    private static void Operations(StringBuilder text, RunReport report)
    {
        Line(text);
        Line(text, "## Measurements");
        Line(text);
        if (report.Results.Count == 0)
        {
            Line(text, "No results.");
            return;
        }

        Table(text, RunReportText.OperationColumns, "|---|---|---:|---:|---:|---:|---:|---:|---:|", report.OrderedResults.SelectMany(RunReportText.Operations));
    }

    private static void Messages(StringBuilder text, RunReport report)
    {
        var noteworthy = report.Verdicts.Where(RunReportText.Noteworthy).ToList();
        if (noteworthy.Count == 0)
        {
            return;
        }

        Line(text);
        Line(text, "## Messages");
        Line(text);
        foreach (var row in noteworthy)
        {
            // The verdict's line; where it was diagnosed, the diagnosis's table below it as it was printed.
            Line(text, "- " + Code((row.Verdict with { Diagnosis = null }).Message));
            if (row.Verdict.Diagnosis is { } diagnosis)
            {
                Line(text);
                Line(text, "  ```text");
                foreach (var line in diagnosis.Split('\n'))
                {
                    Line(text, "  " + line.TrimEnd('\r'));
                }

                Line(text, "  ```");
            }
        }
    }

    private static void Table(StringBuilder text, IEnumerable<string> columns, string rule, IEnumerable<string[]> rows)
    {
        Line(text, "| " + string.Join(" | ", columns) + " |");
        Line(text, rule);
        foreach (var row in rows)
        {
            Line(text, "| " + string.Join(" | ", row.Select(Cell)) + " |");
        }
    }
}
