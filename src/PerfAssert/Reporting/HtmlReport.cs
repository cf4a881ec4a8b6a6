using System.Globalization;
using System.Text;
using PerfAssert.Verdicts;
using static PerfAssert.Reporting.SvgBarChart;

namespace PerfAssert.Reporting;

/// <summary>
/// Renders a <see cref="ReferenceReport"/> as one self-contained HTML page: inline CSS, inline SVG charts (latency by stack
/// and size, allocations by stack, throughput, floor ratios) and the tables. No script and no external reference, so it
/// opens offline and as a CI artifact; every name and message is HTML-escaped.
/// </summary>
public static class HtmlReport
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

    /// <summary>Renders the report.</summary>
    public static string Render(ReferenceReport report)
    {
        ArgumentNullException.ThrowIfNull(report);
        var html = new StringBuilder();
        html.Append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>").Append(Escape(report.Title)).Append("</title>\n");
        html.Append("<style>\n").Append(Style.ReplaceLineEndings("\n")).Append("\n</style>\n</head>\n<body>\n");
        html.Append("<h1>").Append(Escape(report.Title)).Append("</h1>\n<p>").Append(Escape(ReportText.Environment(report)))
            .Append(" Compare ratios within one run; absolute times hold for this machine only.</p>\n");
        Charts(html, report);
        LatencyTable(html, report);
        VerdictList(html, report);
        ThroughputTable(html, report);
        FloorTable(html, report);
        html.Append("</body>\n</html>\n");
        return html.ToString();
    }

    private static void Charts(StringBuilder html, ReferenceReport report)
    {
        var latency = ReportCharts.Latency(report).ToList();
        if (latency.Count > 0)
        {
            html.Append("<h2>Latency by stack and size</h2>\n");
            latency.ForEach(chart => SvgBarChart.Render(html, chart));
        }

        if (report.Rows.Any(r => r.CaseName is null))
        {
            html.Append("<p>Results whose names do not follow <code>{Small|Large}{Stack}{Format}-{items}</code> appear in the tables only.</p>\n");
        }

        Section(html, "Allocations by stack", ReportCharts.Allocations(report));
        Section(html, "Throughput", ReportCharts.Throughput(report));
        Section(html, "Floor ratios", ReportCharts.Floor(report));
    }

    private static void Section(StringBuilder html, string heading, BarChart? chart)
    {
        if (chart is not null)
        {
            html.Append("<h2>").Append(Escape(heading)).Append("</h2>\n");
            SvgBarChart.Render(html, chart);
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
        Header(html, ["Method", "Items", "Mean (us)", "P95 (us)", "Gen0 / 1k", "Gen1 / 1k", "Gen2 / 1k", "Allocated (KB)", .. reference is null ? Array.Empty<string>() : [reference], "Verdicts"]);
        foreach (var row in report.Rows)
        {
            html.Append("<tr>");
            Cell(html, row.Method, numeric: false);
            Cell(html, row.Items?.ToString(CultureInfo.InvariantCulture) ?? ReportText.Missing, numeric: true);
            Cell(html, ReportText.Us(row.MeanUs), numeric: true);
            Cell(html, ReportText.Us(row.P95Us), numeric: true);
            Cell(html, ReportText.PerThousand(row.Gen0PerThousand), numeric: true);
            Cell(html, ReportText.PerThousand(row.Gen1PerThousand), numeric: true);
            Cell(html, ReportText.PerThousand(row.Gen2PerThousand), numeric: true);
            Cell(html, ReportText.Kb(row.AllocatedKb), numeric: true);
            if (reference is not null)
            {
                Cell(html, ReportText.Ratio(row.RatioToReference), numeric: true);
            }

            html.Append("<td class=\"").Append(row.Result.Verdicts.Count == 0 ? "none" : row.Outcome.ToString()).Append("\">")
                .Append(Escape(ReportText.Verdicts(row))).Append("</td></tr>\n");
        }

        html.Append("</table>\n");
    }

    private static void VerdictList(StringBuilder html, ReferenceReport report)
    {
        html.Append("<h2>Verdicts</h2>\n");
        var verdicts = report.Rows.SelectMany(r => r.Result.Verdicts).ToList();
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
            Cell(html, ReportText.Count(row.Requests), numeric: true);
            Cell(html, ReportText.Count(row.Errors), numeric: true);
            Cell(html, ReportText.Rate(row.RequestsPerSecond), numeric: true);
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

        html.Append("<h2>Floor ratio table</h2>\n<p>Each stack's latency over a raw TCP ping-pong on loopback measured in the same run.</p>\n");
        Header(html, ["Case", "Latency (us)", "Floor (us)", "x floor"]);
        foreach (var floor in report.FloorRatios)
        {
            html.Append("<tr>");
            Cell(html, floor.Case, numeric: false);
            Cell(html, ReportText.Us(floor.LatencyUs), numeric: true);
            Cell(html, ReportText.Us(floor.FloorUs), numeric: true);
            Cell(html, ReportText.Ratio(floor.Ratio), numeric: true);
            html.Append("</tr>\n");
        }

        html.Append("</table>\n");
    }

    private static void Header(StringBuilder html, IEnumerable<string> columns)
    {
        html.Append("<table>\n<tr>");
        foreach (var column in columns)
        {
            html.Append("<th>").Append(Escape(column)).Append("</th>");
        }

        html.Append("</tr>\n");
    }

    private static void Cell(StringBuilder html, string text, bool numeric) =>
        html.Append(numeric ? "<td class=\"n\">" : "<td>").Append(Escape(text)).Append("</td>");

    private static string OutcomeClass(Verdict verdict) => verdict.Outcome.ToString();
}
