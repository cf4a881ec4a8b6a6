using System.Globalization;
using System.Text;
using PerfAssert.Reporting;
using static PerfAssert.Reporting.MarkdownText;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// Renders a <see cref="ReferenceReport"/> as Markdown: the latency table in the shape of the 2019 reference table
/// (method, items, mean, P95, Gen0/1/2 per 1,000 calls, KB per call) plus the ratio to the reference stack and the
/// verdicts; the comparisons (subject, partner, ratio with its interval, budget, verdict) in a table of their own; then
/// every verdict message, the throughput table and the floor ratios. Invariant culture, LF line ends.
/// </summary>
public static class MarkdownReport
{
    /// <summary>Renders the report.</summary>
    public static string Render(ReferenceReport report)
    {
        ArgumentNullException.ThrowIfNull(report);
        var text = new StringBuilder();
        Line(text, "# " + Cell(report.Title));
        Line(text);
        Line(text, ReferenceText.Environment(report) + " Compare ratios within one run; absolute times hold for this machine only.");
        Latency(text, report);
        Comparisons(text, report);
        VerdictList(text, report);
        Throughput(text, report);
        Floor(text, report);
        return text.ToString();
    }

    private static void Latency(StringBuilder text, ReferenceReport report)
    {
        Line(text);
        Line(text, "## Latency");
        Line(text);
        if (report.Rows.Count == 0)
        {
            Line(text, "No latency results.");
            return;
        }

        if (report.Speed is { } speed)
        {
            Line(text, ReferenceText.Speed(speed));
            Line(text);
        }

        var reference = report.ReferenceStack is null ? string.Empty : " vs " + Cell(report.ReferenceStack) + " |";
        var referenceRule = report.ReferenceStack is null ? string.Empty : "---:|";
        Line(text, "| Method | Items | Mean (us) | P95 (us) | Gen0 / 1k | Gen1 / 1k | Gen2 / 1k | Allocated (KB) |" + reference + " Verdicts | Settled |");
        Line(text, "|---|---:|---:|---:|---:|---:|---:|---:|" + referenceRule + "---|---|");
        foreach (var row in report.Rows)
        {
            var ratio = report.ReferenceStack is null ? string.Empty : " " + ReferenceText.ReferenceRatio(row) + " |";
            Line(text, $"| {Cell(row.Method)} | {row.Items?.ToString(CultureInfo.InvariantCulture) ?? ReportText.Missing} | {ReferenceText.Mean(row)} | {ReportText.Us(row.P95Us)} | " +
                $"{ReportText.PerThousand(row.Gen0PerThousand)} | {ReportText.PerThousand(row.Gen1PerThousand)} | {ReportText.PerThousand(row.Gen2PerThousand)} | " +
                $"{ReferenceText.Kb(row.AllocatedKb)} |{ratio} {ReferenceText.Verdicts(row)} | {(row.Unsettled is null ? "yes" : "no")} |");
        }

        // A row timed on unsettled code says why, so a reader knows which figures not to trust.
        var unsettled = report.Rows.Where(r => r.Unsettled is not null).ToList();
        if (unsettled.Count > 0)
        {
            Line(text);
            Line(text, "Timed on unsettled code:");
            foreach (var row in unsettled)
            {
                Line(text, $"- {Cell(row.Result.Name)}: {Cell(row.Unsettled!)}");
            }
        }
    }

    private static void Comparisons(StringBuilder text, ReferenceReport report)
    {
        if (report.Comparisons.Count == 0)
        {
            return;
        }

        Line(text);
        Line(text, "## Comparisons");
        Line(text);
        Line(text, "Each subject measured interleaved with its partner in this run; the ratio is subject / partner.");
        if (ReferenceText.WideVerdicts(report) is { } why)
        {
            Line(text);
            Line(text, why);
        }

        Line(text);
        Line(text, "| Subject | Partner | Statistic | Ratio | Interval | Budget | Verdict |");
        Line(text, "|---|---|---|---:|---|---:|---|");
        foreach (var row in report.Comparisons)
        {
            Line(text, $"| {Cell(row.Subject)} | {Cell(row.Partner)} | {Cell(row.Statistic)} | {ReportText.Ratio(row.Ratio.Estimate)} | {ReferenceText.Interval(row.Ratio)} | " +
                $"{ReportText.Ratio(row.Budget)} | {ReferenceText.Outcome(row.Verdict)} |");
        }
    }

    private static void VerdictList(StringBuilder text, ReferenceReport report)
    {
        Line(text);
        Line(text, "## Verdicts");
        Line(text);
        var any = false;
        foreach (var verdict in report.Verdicts)
        {
            Line(text, "- " + Code(verdict.Message));
            any = true;
        }

        if (!any)
        {
            Line(text, "No verdicts.");
        }
    }

    private static void Throughput(StringBuilder text, ReferenceReport report)
    {
        if (report.Throughput.Count == 0)
        {
            return;
        }

        Line(text);
        Line(text, "## Throughput");
        Line(text);
        Line(text, "Requests per second count only successful, correct responses.");
        Line(text);
        Line(text, "| Case | Requests | Errors | Requests/s | P50 (us) | P95 (us) | P99 (us) |");
        Line(text, "|---|---:|---:|---:|---:|---:|---:|");
        foreach (var row in report.Throughput)
        {
            Line(text, $"| {Cell(row.Case)} | {ReferenceText.Count(row.Requests)} | {ReferenceText.Count(row.Errors)} | {ReferenceText.Rate(row.RequestsPerSecond)} | " +
                $"{ReportText.Us(row.P50Us)} | {ReportText.Us(row.P95Us)} | {ReportText.Us(row.P99Us)} |");
        }
    }

    private static void Floor(StringBuilder text, ReferenceReport report)
    {
        if (report.FloorRatios.Count == 0)
        {
            return;
        }

        Line(text);
        Line(text, "## Floor ratios");
        Line(text);
        Line(text, "Each stack's latency over a raw TCP ping-pong on loopback timed in the same blocks, with the ratio's interval.");
        Line(text);
        Line(text, "| Case | Latency (us) | Floor (us) | x floor |");
        Line(text, "|---|---:|---:|---:|");
        foreach (var floor in report.FloorRatios)
        {
            Line(text, $"| {Cell(floor.Case)} | {ReportText.Us(floor.LatencyUs)} | {ReportText.Us(floor.FloorUs)} | {ReferenceText.FloorRatio(floor)} |");
        }
    }
}
