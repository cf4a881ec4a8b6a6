using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace PerfAssert.History;

/// <summary>The history as data for other tools: CSV (a row per run and operation) and Bencher's metric format (BMF JSON, one run).</summary>
internal static class HistoryExport
{
    private static readonly string[] Columns =
    [
        "run_key", "recorded_at", "repository", "branch", "commit", "parent", "machine_class", "assembly", "test", "operation",
        "outcome", "mean_ns", "median_ns", "p95_ns", "p99_ns", "bytes_per_op", "gen0_per_1k_ops", "calibration_ratio", "requests_per_second",
    ];

    public static string Csv(HistorySnapshot snapshot)
    {
        var runs = snapshot.Runs.ToDictionary(r => r.Id);
        var text = new StringBuilder().AppendJoin(',', Columns).Append('\n');
        foreach (var result in snapshot.Results.OrderBy(r => runs[r.RunId].Time).ThenBy(r => r.RunId).ThenBy(r => snapshot.Operations[r.OperationId].Key, StringComparer.Ordinal))
        {
            var run = runs[result.RunId];
            var operation = snapshot.Operations[result.OperationId];
            string?[] cells =
            [
                run.Key, run.Time.ToString("O", CultureInfo.InvariantCulture), run.Repository, run.Branch, run.Commit, run.Parent, run.MachineClass,
                operation.Assembly, operation.Test, operation.Name, result.Outcome,
                Number(result.MeanNs), Number(result.MedianNs), Number(result.P95Ns), Number(result.P99Ns), Number(result.BytesPerOp), Number(result.Gen0PerThousandOps), Number(result.CalibrationRatio), Number(result.RequestsPerSecond),
            ];
            text.AppendJoin(',', cells.Select(Quote)).Append('\n');
        }

        return text.ToString();
    }

    /// <summary>
    /// One run (the newest, or the one keyed <paramref name="runKey"/>) in Bencher Metric Format: a benchmark per operation,
    /// named by its identity, with <c>latency</c> (mean ns per call, Bencher's built-in measure) and <c>bytes-per-op</c>.
    /// </summary>
    public static string Bencher(HistorySnapshot snapshot, string? runKey)
    {
        var run = (runKey is null ? snapshot.Runs.LastOrDefault() : snapshot.Runs.FirstOrDefault(r => r.Key == runKey))
            ?? throw new ArgumentException(runKey is null ? "The history holds no run to export." : $"No run keyed '{runKey}' in the history (history show lists the runs).");
        var root = new JsonObject();
        foreach (var result in snapshot.Results.Where(r => r.RunId == run.Id).OrderBy(r => snapshot.Operations[r.OperationId].Key, StringComparer.Ordinal))
        {
            var operation = snapshot.Operations[result.OperationId];
            var measures = new JsonObject();
            if (result.MeanNs is { } mean)
            {
                measures["latency"] = new JsonObject { ["value"] = mean };
            }

            if (result.BytesPerOp is { } bytes)
            {
                measures["bytes-per-op"] = new JsonObject { ["value"] = bytes };
            }

            if (result.RequestsPerSecond is { } rps)
            {
                measures["throughput"] = new JsonObject { ["value"] = rps };
            }

            root[$"{operation.Assembly}::{operation.Test}::{operation.Name}".TrimStart(':')] = measures;
        }

        return root.ToJsonString(new JsonSerializerOptions { WriteIndented = true, Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }) + "\n";
    }

    private static string? Number(double? value) => value?.ToString("R", CultureInfo.InvariantCulture);

    private static string Quote(string? cell) =>
        cell is null ? string.Empty
        : cell.AsSpan().IndexOfAny(",\"\n\r") >= 0 ? "\"" + cell.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"" : cell;
}
