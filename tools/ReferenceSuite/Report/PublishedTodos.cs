using System.Globalization;
using System.Text;
using PerfAssert.ReferenceSuite.Ratios;
using PerfAssert.Statistics;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>The todo operations experiment beside this run: per operation and client count, is gRPC still the fastest?</summary>
public static class PublishedTodos
{
    private static readonly string[] Operations = ["Get", "First", "Send", "SendOne"];

    private static readonly (string Stack, string Label)[] Stacks =
    [
        ("WebApiJsonNet", "Web API JSON"), ("WcfText", "WCF text"), ("WcfNetTcpTuned", "WCF NetTcp (tuned)"), ("GrpcUnary", "gRPC unary"), (TodoCases.GrpcStreaming, "gRPC streaming"),
    ];

    private static (Interval? GrpcOverFastestOther, string Remark) Remark(Dictionary<string, double> means, RatioTable? ratios, Func<string, string> caseName)
    {
        var grpc = means.Where(m => m.Key.StartsWith("Grpc", StringComparison.Ordinal)).ToList();
        var others = means.Where(m => !m.Key.StartsWith("Grpc", StringComparison.Ordinal)).ToList();
        if (grpc.Count == 0 || others.Count == 0)
        {
            return (null, "not measured in this run");
        }

        double Speed(KeyValuePair<string, double> mean) => ratios?.Mean(caseName(mean.Key))?.Estimate ?? mean.Value;
        var bestGrpc = grpc.MinBy(Speed);
        var fastestOther = others.MinBy(Speed);
        var label = Stacks.Single(s => s.Stack == fastestOther.Key).Label;
        var measured = PublishedComparison.Measured(ratios, caseName(bestGrpc.Key), caseName(fastestOther.Key), bestGrpc.Value / fastestOther.Value);
        var ratio = PublishedComparison.RatioText(measured.Estimate, ratios is null ? null : measured);
        return (measured, PublishedComparison.Side(measured.Estimate) switch
        {
            -1 => $"same order: gRPC fastest, {ratio} {label}",
            0 => $"gap closed: gRPC within 10% of {label} ({ratio})",
            _ => $"reversed: {label} fastest, gRPC {ratio} it",
        });
    }

    /// <summary>The experiment's section of the report: this run's means per stack and, per row, the remark.</summary>
    /// <param name="measuredMicroseconds">This run's means by case name (<see cref="TodoCases"/>).</param>
    /// <param name="ratios">This run's side-by-side ratios, when the ratio phase ran.</param>
    public static string Table(IReadOnlyDictionary<string, double> measuredMicroseconds, RatioTable? ratios)
    {
        var rows = Rows(measuredMicroseconds, ratios);
        var text = new StringBuilder();
        text.AppendLine("Published: gRPC fastest overall, no per-operation figures; the 10-client runs varied widely and client streaming failed about 10% of the time under load. Measured: mean us per call (with 10 clients, per 10 calls awaited together); gRPC streaming is Get Streaming (one response message per todo) and Send Streaming (one request message per todo). The remark compares the faster of gRPC's calls with the fastest other stack (when the ratio phase ran, both picked and compared side by side, with the interval).");
        text.AppendLine();
        text.AppendLine("| operation | clients | " + string.Join(" | ", Stacks.Select(s => s.Label)) + " | remark |");
        text.AppendLine("|---|---:|" + string.Concat(Stacks.Select(_ => "---:|")) + "---|");
        foreach (var row in rows)
        {
            text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"| {row.Operation} | {row.Clients} | {string.Join(" | ", Stacks.Select(s => PublishedComparison.Optional(row.MeanMicroseconds.TryGetValue(s.Stack, out var v) ? v : null, "#,0.0")))} | {row.Remark} |"));
        }

        var sides = rows.Where(r => r.GrpcOverFastestOther is not null).Select(r => PublishedComparison.Side(r.GrpcOverFastestOther!.Value)).ToList();
        if (sides.Count > 0)
        {
            text.AppendLine();
            text.Append(string.Create(CultureInfo.InvariantCulture,
                $"gRPC fastest in {sides.Count(s => s < 0)} of {sides.Count} rows, within 10% in {sides.Count(s => s == 0)}, slower in {sides.Count(s => s > 0)}."));
            if (rows.Any(r => r.MeanMicroseconds.ContainsKey(TodoCases.GrpcStreaming)))
            {
                text.Append(" Client streaming under load: every measured Send Streaming call answered the count of all 5,000 todos (a failed or wrong answer stops the run), where the published run lost about 10%.");
            }

            text.AppendLine();
        }

        return text.ToString().TrimEnd();
    }

    /// <summary>
    /// The todo operations experiment (published only as "gRPC fastest overall"): per operation and client count, this
    /// run's mean per stack and whether gRPC (unary, or streaming where it has it) is still the fastest.
    /// </summary>
    /// <param name="measuredMicroseconds">This run's means by case name (<see cref="TodoCases"/>).</param>
    /// <param name="ratios">This run's side-by-side ratios: when given, they pick the fastest of each side and measure the remark's ratio.</param>
    public static IReadOnlyList<PublishedTodoRow> Rows(IReadOnlyDictionary<string, double> measuredMicroseconds, RatioTable? ratios = null)
    {
        ArgumentNullException.ThrowIfNull(measuredMicroseconds);
        var rows = new List<PublishedTodoRow>();
        foreach (var operation in Operations)
        {
            foreach (var clients in TodoCases.Concurrency)
            {
                var means = new Dictionary<string, double>(StringComparer.Ordinal);
                foreach (var stack in Stacks.Select(s => s.Stack))
                {
                    if (measuredMicroseconds.TryGetValue(string.Create(CultureInfo.InvariantCulture, $"Todo{operation}{stack}-c{clients}"), out var mean))
                    {
                        means[stack] = mean;
                    }
                }

                var (ratio, remark) = Remark(means, ratios, stack => string.Create(CultureInfo.InvariantCulture, $"Todo{operation}{stack}-c{clients}"));
                rows.Add(new PublishedTodoRow(operation, clients, means, ratio?.Estimate, remark) { Interval = ratios is null ? null : ratio });
            }
        }

        return rows;
    }
}
