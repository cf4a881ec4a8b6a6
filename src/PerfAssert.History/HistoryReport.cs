using System.Globalization;
using System.Text;
using PerfAssert.Reporting;

namespace PerfAssert.History;

/// <summary>
/// The history report: an offline HTML page (a chart per operation and measure, machine classes apart, change points and
/// accepted changes marked) and a Markdown summary that fits a CI job's summary, with, when a run's results are given,
/// each of its operations against the recent runs of the history on its machine class.
/// </summary>
internal static class HistoryReport
{
    /// <summary>How many of the history's newest runs a run is set against in the summary.</summary>
    public const int RecentRuns = 10;

    public static string Html(HistorySnapshot snapshot, IReadOnlyList<ClassTrends> trends, string title)
    {
        var html = new StringBuilder();
        HtmlPage.Open(html, title);
        HtmlPage.Paragraph(html, Scope(snapshot));
        HtmlPage.Paragraph(html, "Each chart is one operation's measure over the recorded runs, oldest first, labelled by commit. A whisker is the verdict's interval; a dashed yellow line its budget. A dashed red line is a change point (E-divisive means, t-test p below 0.005 after correcting for the splits searched): the level shifted at the run right of it. A green line is a change point at a commit that accepted the change (a baseline entry it changed); a green marker is such a commit. Advisory: the same-run verdicts remain the gate.");
        foreach (var machine in trends)
        {
            HtmlPage.Heading(html, $"{machine.MachineClass}: {machine.Operations.Count} operation{(machine.Operations.Count == 1 ? string.Empty : "s")}");
            foreach (var operation in machine.Operations)
            {
                html.Append("<h3 style=\"overflow-wrap:anywhere\">").Append(HtmlPage.Escape(operation.Operation.Title)).Append("</h3>\n");
                var alerts = operation.Series.SelectMany(s => s.Changes.Select(c => (s.Measure, Change: c))).ToList();
                if (alerts.Count > 0)
                {
                    html.Append("<ul class=\"verdicts\">");
                    foreach (var (measure, change) in alerts)
                    {
                        html.Append("<li class=\"").Append(change.Accepted is null ? "Regression" : "Pass").Append("\">")
                            .Append(HtmlPage.Escape((change.Accepted is null ? "change point: " : "accepted change: ") + change.Describe(measure) + (change.Accepted is null ? string.Empty : $" ({change.Accepted.Note})")))
                            .Append("</li>");
                    }

                    html.Append("</ul>\n");
                }

                foreach (var series in operation.Series)
                {
                    TrendChart.Render(html, series, operation.Notes, series.Measure.Label);
                }
            }
        }

        HtmlPage.Close(html);
        return html.ToString();
    }

    public static string Markdown(HistorySnapshot snapshot, IReadOnlyList<ClassTrends> trends, IReadOnlyList<PerfResult>? current)
    {
        var text = new StringBuilder();
        MarkdownText.Line(text, "## Performance history");
        MarkdownText.Line(text);
        MarkdownText.Line(text, Scope(snapshot) + " Advisory: the same-run verdicts remain the gate.");
        MarkdownText.Line(text);
        var changes = trends.SelectMany(c => c.Operations.SelectMany(o => o.Series.SelectMany(s => s.Changes.Select(ch => (c.MachineClass, o.Operation, s.Measure, Change: ch))))).ToList();
        if (changes.Count == 0)
        {
            MarkdownText.Line(text, "No change points.");
        }
        else
        {
            MarkdownText.Line(text, "| Machine class | Operation | Change point | |");
            MarkdownText.Line(text, "|---|---|---|---|");
            foreach (var (machine, operation, measure, change) in changes.OrderBy(c => c.Change.Accepted is not null).ThenBy(c => c.Change.Run.Time))
            {
                MarkdownText.Line(text, $"| {MarkdownText.Cell(machine)} | {MarkdownText.Cell(operation.Title)} | {MarkdownText.Cell(change.Describe(measure))} | {(change.Accepted is null ? "**alert**" : MarkdownText.Cell(change.Accepted.Note))} |");
            }
        }

        if (current is { Count: > 0 })
        {
            MarkdownText.Line(text);
            MarkdownText.Line(text, $"### This run against the history's last {RecentRuns} runs on its machine class");
            MarkdownText.Line(text);
            MarkdownText.Line(text, "| Operation | Mean per call | vs recent median (range) | Allocated | vs recent |");
            MarkdownText.Line(text, "|---|---:|---|---:|---|");
            foreach (var result in current.OrderBy(r => OperationIdentity.Of(r).Title, StringComparer.Ordinal))
            {
                var identity = OperationIdentity.Of(result);
                var trend = trends.FirstOrDefault(c => c.MachineClass == result.Environment.MachineClass)?.Operations.FirstOrDefault(o => o.Operation == identity);
                MarkdownText.Line(text, $"| {MarkdownText.Cell(identity.Title)} | {ReportText.Format(result.Subject.MeanNs, "#,0.#")} ns | {Against(result.Subject.MeanNs, trend, "mean", "ns")} | {ReportText.Bytes(result.Subject.Allocations?.BytesPerOp)} B | {Against(result.Subject.Allocations?.BytesPerOp, trend, "bytes", "B")} |");
            }
        }

        return text.ToString();
    }

    private static string Against(double? value, OperationTrend? trend, string measure, string unit)
    {
        var recent = trend?.Series.FirstOrDefault(s => s.Measure.Key == measure)?.Points.TakeLast(RecentRuns).Select(p => p.Value).Order().ToList();
        if (value is not { } v || recent is not { Count: > 0 })
        {
            return "no history";
        }

        var median = recent.Count % 2 == 1 ? recent[recent.Count / 2] : (recent[(recent.Count / 2) - 1] + recent[recent.Count / 2]) / 2;
        var relative = median == 0 ? (v == 0 ? "same" : "new") : (v / median - 1).ToString("+0.0%;-0.0%;0.0%", CultureInfo.InvariantCulture);
        return string.Create(CultureInfo.InvariantCulture, $"{relative} ({median:#,0.#} {unit}; {recent[0]:#,0.#}-{recent[^1]:#,0.#}, {recent.Count} runs)");
    }

    private static string Scope(HistorySnapshot snapshot)
    {
        if (snapshot.Runs.Count == 0)
        {
            return "No runs recorded that match.";
        }

        var first = snapshot.Runs[0];
        var last = snapshot.Runs[^1];
        var branches = snapshot.Runs.Select(r => r.Branch ?? "(no branch)").Distinct().ToList();
        var operations = snapshot.MeasuredOperations;
        return string.Create(CultureInfo.InvariantCulture,
            $"{snapshot.Runs.Count} run{(snapshot.Runs.Count == 1 ? string.Empty : "s")} from {first.Time:yyyy-MM-dd HH:mm} ({first.ShortCommit}) to {last.Time:yyyy-MM-dd HH:mm} ({last.ShortCommit}) on {string.Join(", ", branches)}; {operations} operation{(operations == 1 ? string.Empty : "s")}.");
    }
}
