using System.Globalization;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>Turns a report into the data of its charts; only rows whose names follow the reference shape are charted.</summary>
internal static class ReportCharts
{
    /// <summary>One chart per payload size: groups are item counts, bars are stacks, values mean microseconds per call.</summary>
    public static IEnumerable<BarChart> Latency(ReferenceReport report)
    {
        var rows = report.ParsedRows.ToList();
        foreach (var size in rows.Select(r => r.Name.Size).Distinct().OrderBy(s => s == "Small" ? 0 : 1))
        {
            var sized = rows.Where(r => r.Name.Size == size).ToList();
            var items = sized.Select(r => r.Name.Items).Distinct().Order().ToList();
            var groups = items.Select(i => i.ToString("#,0", CultureInfo.InvariantCulture) + (i == 1 ? " item" : " items")).ToList();
            var series = Stacks(sized)
                .Select(stack => new BarSeries(stack, items.Select(i => Find(sized, stack, size, i)?.MeanUs).ToList()))
                .ToList();
            yield return new BarChart($"Mean latency, {size.ToLowerInvariant()} item", "us per call", groups, series);
        }
    }

    /// <summary>Allocated kilobytes per call: groups are cases (size and items), bars are stacks.</summary>
    public static BarChart? Allocations(ReferenceReport report)
    {
        var rows = report.ParsedRows.Where(r => r.Row.AllocatedKb is not null).ToList();
        if (rows.Count == 0)
        {
            return null;
        }

        var cases = rows.Select(r => r.Name).DistinctBy(n => n.Case).OrderBy(n => n.Items).ThenBy(n => n.IsSmall ? 0 : 1).ToList();
        var series = Stacks(rows)
            .Select(stack => new BarSeries(stack, cases.Select(c => Find(rows, stack, c.Size, c.Items)?.AllocatedKb).ToList()))
            .ToList();
        return new BarChart("Allocated per call", "KB per call", cases.Select(c => c.Case).ToList(), series);
    }

    /// <summary>Successful requests per second for each throughput case; a case with errors says how many under its bar.</summary>
    public static BarChart? Throughput(ReferenceReport report) => report.Throughput.Count == 0
        ? null
        : new BarChart("Throughput", "requests per second", report.Throughput.Select(ThroughputLabel).ToList(),
            [new BarSeries("requests/s", report.Throughput.Select(t => (double?)t.RequestsPerSecond).ToList())]);

    /// <summary>Each case's latency as a multiple of the floor.</summary>
    public static BarChart? Floor(ReferenceReport report) => report.FloorRatios.Count == 0
        ? null
        : new BarChart("Latency over the loopback TCP floor", "x floor", report.FloorRatios.Select(f => f.Case).ToList(),
            [new BarSeries("x floor", report.FloorRatios.Select(f => (double?)f.Ratio).ToList())]);

    private static string ThroughputLabel(ThroughputRow row) =>
        row.Errors == 0 ? row.Case : $"{row.Case} ({ReferenceText.Count(row.Errors)} errors)";

    private static IEnumerable<string> Stacks(IEnumerable<(LatencyRow Row, ReferenceCaseName Name)> rows) =>
        rows.Select(r => r.Name.Stack).Distinct().Order(StringComparer.Ordinal);

    private static LatencyRow? Find(IEnumerable<(LatencyRow Row, ReferenceCaseName Name)> rows, string stack, string size, int items) =>
        rows.FirstOrDefault(r => r.Name.Stack == stack && r.Name.Size == size && r.Name.Items == items).Row;
}
