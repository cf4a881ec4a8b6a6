using System.Globalization;

namespace PerfAssert.History;

/// <summary>
/// The history as trends: per machine class (never mixed) and operation, one series per measure in run order, with the
/// change points E-divisive means and a t-test find in it (<see cref="ChangePoints"/>). A change point at a commit that
/// accepted a change to the operation's baseline is marked as accepted, not alerted. Advisory: it fails nothing.
/// </summary>
internal static class HistoryAnalysis
{
    /// <summary>The measures a trend is drawn and searched for change points on; verdict estimates are added per metric.</summary>
    public static readonly IReadOnlyList<Measure> Figures =
    [
        new("mean", "time per call (mean)", "ns", r => r.MeanNs, null, null),
        new("bytes", "allocated per operation", "B", r => r.BytesPerOp, null, null),
        new("rps", "requests per second under load", "req/s", r => r.RequestsPerSecond, null, null),
        new("p99", "P99 latency under load", "ns", r => r.RequestsPerSecond is null ? null : r.P99Ns, null, null),
    ];

    /// <summary>
    /// The smallest change of level reported, relative to the level before: the same 1% noise floor under which a verdict
    /// never calls a regression.
    /// </summary>
    public const double MinimumEffect = 0.01;

    public static IReadOnlyList<ClassTrends> Analyse(HistorySnapshot snapshot, int minSegment = 3, double significance = 0.005)
    {
        var runs = snapshot.Runs.ToDictionary(r => r.Id);
        var order = snapshot.Runs.Select((r, i) => (r.Id, i)).ToDictionary(p => p.Id, p => p.i);
        var annotations = snapshot.Annotations.ToLookup(a => a.Commit, StringComparer.Ordinal);
        var classes = new List<ClassTrends>();
        foreach (var byClass in snapshot.Results.GroupBy(r => runs[r.RunId].MachineClass).OrderBy(g => g.Key, StringComparer.Ordinal))
        {
            var trends = new List<OperationTrend>();
            foreach (var byOperation in byClass.GroupBy(r => r.OperationId))
            {
                var identity = snapshot.Operations[byOperation.Key];
                var results = byOperation.OrderBy(r => order[r.RunId]).ToList();
                var notes = results.SelectMany(r =>
                {
                    var run = runs[r.RunId];
                    return annotations[run.Commit ?? string.Empty]
                        .Where(a => (a.Repository.Length == 0 || a.Repository == (run.Repository ?? string.Empty)) && a.Annotation.Covers(r.Baseline))
                        .Select(a => new RunNote(run, a.Annotation));
                }).ToList();
                // The verdicts' series first: against the reference build they are ratios measured beside it in each run, so
                // the runner's drift from run to run, which the raw figures carry, cancels out of them.
                var measures = results.SelectMany(r => r.Verdicts).DistinctBy(v => VerdictMetric(v.Metric), StringComparer.Ordinal)
                    .Select(v => VerdictMeasure(VerdictMetric(v.Metric), v.Unit)).Concat(Figures);
                var series = measures
                    .Select(m => Series(m, results, runs, notes, minSegment, significance))
                    .Where(s => s.Points.Count > 0)
                    .ToList();
                trends.Add(new OperationTrend(identity, series, notes));
            }

            classes.Add(new ClassTrends(byClass.Key, [.. trends.OrderBy(t => t.Operation.Title, StringComparer.Ordinal)]));
        }

        return classes;
    }

    /// <summary>
    /// A verdict's metric without its budget's details ("mean (+5%)", "mean (allowance 1.129, its rerun bound)" are both
    /// "mean"), so one series goes on across an accepted change or a new margin.
    /// </summary>
    public static string VerdictMetric(string metric) =>
        metric.IndexOf(" (", StringComparison.Ordinal) is var open and > 0 && metric.EndsWith(')') ? metric[..open] : metric;

    private static Measure VerdictMeasure(string metric, string unit)
    {
        StoredVerdict? Of(StoredResult r) => r.Verdicts.FirstOrDefault(v => VerdictMetric(v.Metric) == metric);
        return new("verdict:" + metric, $"{metric} (verdict)", unit, r => Of(r)?.Estimate, r => Of(r)?.Lower, r => Of(r)?.Upper) { Budget = r => Of(r)?.Budget };
    }

    private static MeasureSeries Series(Measure measure, IReadOnlyList<StoredResult> results, IReadOnlyDictionary<long, StoredRun> runs, IReadOnlyList<RunNote> notes, int minSegment, double significance)
    {
        var points = results
            .Where(r => measure.Value(r) is { } v && double.IsFinite(v))
            .Select(r => new TrendPoint(runs[r.RunId], measure.Value(r)!.Value, measure.Lower?.Invoke(r), measure.Upper?.Invoke(r), measure.Budget?.Invoke(r)))
            .ToList();
        var changes = ChangePoints.Find([.. points.Select(p => p.Value)], minSegment, significance, MinimumEffect)
            .Select(c => new TrendChange(points[c.Index].Run, c.Before, c.After, c.PValue, notes.FirstOrDefault(n => n.Run.Id == points[c.Index].Run.Id)?.Annotation))
            .ToList();
        return new MeasureSeries(measure, points, changes);
    }
}

/// <summary>What a trend is drawn on: a result's figure, and for a verdict's metric its interval.</summary>
internal sealed record Measure(string Key, string Label, string Unit, Func<StoredResult, double?> Value, Func<StoredResult, double?>? Lower, Func<StoredResult, double?>? Upper)
{
    /// <summary>The budget a verdict's measure is held to, run by run (it moves when a change is accepted).</summary>
    public Func<StoredResult, double?>? Budget { get; init; }
}

internal sealed record ClassTrends(string MachineClass, IReadOnlyList<OperationTrend> Operations);

internal sealed record OperationTrend(OperationIdentity Operation, IReadOnlyList<MeasureSeries> Series, IReadOnlyList<RunNote> Notes)
{
    public IEnumerable<TrendChange> Alerts => Series.SelectMany(s => s.Changes).Where(c => c.Accepted is null);
}

internal sealed record MeasureSeries(Measure Measure, IReadOnlyList<TrendPoint> Points, IReadOnlyList<TrendChange> Changes);

internal sealed record TrendPoint(StoredRun Run, double Value, double? Lower, double? Upper, double? Budget);

/// <summary>A level shift first seen at <paramref name="Run"/>; <paramref name="Accepted"/> when that commit accepted it.</summary>
internal sealed record TrendChange(StoredRun Run, double Before, double After, double PValue, Annotation? Accepted)
{
    public double RelativeChange => Before == 0 ? (After == 0 ? 0 : double.PositiveInfinity) : (After / Before) - 1;

    public string Signed => (RelativeChange < 0 ? "-" : "+") + Math.Abs(RelativeChange).ToString("0.0%", CultureInfo.InvariantCulture);

    public string Describe(Measure measure) => string.Create(CultureInfo.InvariantCulture,
        $"{measure.Label}: {Signed} at {Run.ShortCommit} (from {Before:G4} to {After:G4} {measure.Unit}, {(PValue < 0.0001 ? "p < 0.0001" : $"p = {PValue:0.####}")})");
}

/// <summary>A note (an accepted change, a moved reference build) on an operation at a run's commit.</summary>
internal sealed record RunNote(StoredRun Run, Annotation Annotation);
