using System.Globalization;
using System.Text;
using PerfAssert.Reporting;
using PerfAssert.Verdicts;
using static PerfAssert.Reporting.HtmlPage;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// Renders a <see cref="ReferenceReport"/> as one self-contained HTML page: inline CSS, inline SVG charts (latency by stack
/// and size, allocations by stack, throughput, floor ratios) and the tables. No script and no external reference, so it
/// opens offline and as a CI artifact; every name and message is HTML-escaped.
/// </summary>
public static class HtmlReport
{
    /// <summary>Renders the report.</summary>
    public static string Render(ReferenceReport report)
    {
        ArgumentNullException.ThrowIfNull(report);
        var html = new StringBuilder();
        HtmlPage.Open(html, report.Title);
        Paragraph(html, ReferenceText.Environment(report) + " Compare ratios within one run; absolute times hold for this machine only.");
        Charts(html, report);
        LatencyTable(html, report);
        ComparisonTable(html, report);
        VerdictList(html, report);
        ThroughputTable(html, report);
        FloorTable(html, report);
        Close(html);
        return html.ToString();
    }

    private static void Charts(StringBuilder html, ReferenceReport report)
    {
        var latency = ReportCharts.Latency(report).ToList();
        if (latency.Count > 0)
        {
            html.Append("<h2>Latency by stack and size</h2>\n");
            for (var i = 0; i < latency.Count; i++)
            {
                SvgBarChart.Render(html, latency[i], i);
            }
        }

        if (report.Rows.Any(r => r.CaseName is null))
        {
            html.Append("<p>Results whose names do not follow <code>{Small|Large}{Stack}{Format}-{items}</code> appear in the tables only.</p>\n");
        }

        // Each chart has its number on the page, so the ids its SVG defines are unique in the document.
        Section(html, "Allocations by stack", ReportCharts.Allocations(report), latency.Count);
        Section(html, "Throughput", ReportCharts.Throughput(report), latency.Count + 1);
        Section(html, "Floor ratios", ReportCharts.Floor(report), latency.Count + 2);
    }

    private static void Section(StringBuilder html, string heading, BarChart? chart, int index)
    {
        if (chart is not null)
        {
            Heading(html, heading);
            SvgBarChart.Render(html, chart, index);
        }
    }

    private static void LatencyTable(StringBuilder html, ReferenceReport report)
    {
        html.Append("<h2>Latency table</h2>\n");
        if (report.Rows.Count == 0)
        {
            html.Append("<p>No latency results.</p>\n");
            return;
        }

        var reference = report.ReferenceStack is null ? null : "vs " + report.ReferenceStack;
        Header(html, ["Method", "Items", "Mean (us)", "P95 (us)", "Gen0 / 1k", "Gen1 / 1k", "Gen2 / 1k", "Allocated (KB)", .. reference is null ? Array.Empty<string>() : [reference], "Verdicts", "Settled"]);
        foreach (var row in report.Rows)
        {
            html.Append("<tr>");
            Cell(html, row.Method, numeric: false);
            Cell(html, row.Items?.ToString(CultureInfo.InvariantCulture) ?? ReportText.Missing, numeric: true);
            Cell(html, ReferenceText.Mean(row), numeric: true);
            Cell(html, ReportText.Us(row.P95Us), numeric: true);
            Cell(html, ReportText.PerThousand(row.Gen0PerThousand), numeric: true);
            Cell(html, ReportText.PerThousand(row.Gen1PerThousand), numeric: true);
            Cell(html, ReportText.PerThousand(row.Gen2PerThousand), numeric: true);
            Cell(html, ReferenceText.Kb(row.AllocatedKb), numeric: true);
            if (reference is not null)
            {
                Cell(html, ReferenceText.ReferenceRatio(row), numeric: true);
            }

            OutcomeCell(html, row.Result.Verdicts.Count == 0 ? "none" : row.Outcome.ToString(), ReferenceText.Verdicts(row));
            Cell(html, row.Unsettled is null ? "yes" : "no: " + row.Unsettled, numeric: false);
            html.Append("</tr>\n");
        }

        html.Append("</table>\n");
    }

    private static void ComparisonTable(StringBuilder html, ReferenceReport report)
    {
        if (report.Comparisons.Count == 0)
        {
            return;
        }

        html.Append("<h2>Comparison table</h2>\n<p>Each subject measured interleaved with its partner in this run; the ratio is subject / partner.</p>\n");
        if (ReferenceText.WideVerdicts(report) is { } why)
        {
            html.Append("<p>").Append(System.Net.WebUtility.HtmlEncode(why)).Append("</p>\n");
        }

        Header(html, ["Subject", "Partner", "Statistic", "Ratio", "Interval", "Budget", "Verdict"]);
        foreach (var row in report.Comparisons)
        {
            html.Append("<tr>");
            Cell(html, row.Subject, numeric: false);
            Cell(html, row.Partner, numeric: false);
            Cell(html, row.Statistic, numeric: false);
            Cell(html, ReportText.Ratio(row.Ratio.Estimate), numeric: true);
            Cell(html, ReferenceText.Interval(row.Ratio), numeric: false);
            Cell(html, ReportText.Ratio(row.Budget), numeric: true);
            OutcomeCell(html, row.Outcome.ToString(), ReferenceText.Outcome(row.Verdict));
            html.Append("</tr>\n");
        }

        html.Append("</table>\n");
    }

    private static void VerdictList(StringBuilder html, ReferenceReport report)
    {
        html.Append("<h2>Verdicts</h2>\n");
        var verdicts = report.Verdicts.ToList();
        if (verdicts.Count == 0)
        {
            html.Append("<p>No verdicts.</p>\n");
            return;
        }

        html.Append("<ul class=\"verdicts\">\n");
        foreach (var verdict in verdicts)
        {
            html.Append("<li class=\"").Append(OutcomeClass(verdict)).Append("\">").Append(Escape(verdict.Message)).Append("</li>\n");
        }

        html.Append("</ul>\n");
    }

    private static void ThroughputTable(StringBuilder html, ReferenceReport report)
    {
        if (report.Throughput.Count == 0)
        {
            return;
        }

        html.Append("<h2>Throughput table</h2>\n<p>Requests per second count only successful, correct responses.</p>\n");
        Header(html, ["Case", "Requests", "Errors", "Requests/s", "P50 (us)", "P95 (us)", "P99 (us)"]);
        foreach (var row in report.Throughput)
        {
            html.Append("<tr>");
            Cell(html, row.Case, numeric: false);
            Cell(html, ReferenceText.Count(row.Requests), numeric: true);
            Cell(html, ReferenceText.Count(row.Errors), numeric: true);
            Cell(html, ReferenceText.Rate(row.RequestsPerSecond), numeric: true);
            Cell(html, ReportText.Us(row.P50Us), numeric: true);
            Cell(html, ReportText.Us(row.P95Us), numeric: true);
            Cell(html, ReportText.Us(row.P99Us), numeric: true);
            html.Append("</tr>\n");
        }

        html.Append("</table>\n");
    }

    private static void FloorTable(StringBuilder html, ReferenceReport report)
    {
        if (report.FloorRatios.Count == 0)
        {
            return;
        }

        html.Append("<h2>Floor ratio table</h2>\n<p>Each stack's latency over a raw TCP ping-pong on loopback timed in the same blocks, with the ratio's interval.</p>\n");
        Header(html, ["Case", "Latency (us)", "Floor (us)", "x floor"]);
        foreach (var floor in report.FloorRatios)
        {
            html.Append("<tr>");
            Cell(html, floor.Case, numeric: false);
            Cell(html, ReportText.Us(floor.LatencyUs), numeric: true);
            Cell(html, ReportText.Us(floor.FloorUs), numeric: true);
            Cell(html, ReferenceText.FloorRatio(floor), numeric: true);
            html.Append("</tr>\n");
        }

        html.Append("</table>\n");
    }

    private static string OutcomeClass(Verdict verdict) => verdict.Outcome.ToString();
}
