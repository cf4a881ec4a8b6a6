using System.Globalization;
using System.Text;
using System.Text.Json;
using PerfAssert.Measurement;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// Exports latency results in the shape of BenchmarkDotNet's full JSON exporter (<c>*-report-full.json</c>), so tools that
/// read those files can read PerfAssert's: <c>Title</c>, <c>HostEnvironmentInfo</c> and <c>Benchmarks[]</c> with
/// <c>FullName</c>, <c>Method</c>, <c>Parameters</c>, <c>Statistics</c> (nanoseconds) and <c>Memory</c>.
/// </summary>
/// <remarks>
/// Only what PerfAssert measured is written; a reader gets no invented figure. Statistics carry the per-call
/// distribution when there is one (N, Mean, Median, Percentiles P50/P95/P99/P100, Max), otherwise only the pooled
/// Mean. <c>StandardDeviation</c>, <c>Min</c> and <c>OriginalValues</c> are absent because PerfAssert does not record
/// them; a reader that needs them gets its type's default for a missing property. Memory turns the per-1,000 rates back
/// into BenchmarkDotNet's collection counts over <c>TotalOperations</c>.
/// </remarks>
public static class BenchmarkDotNetJson
{
    /// <summary>The namespace every exported benchmark is placed in.</summary>
    public const string Namespace = "PerfAssert.Reference";

    /// <summary>The type every exported benchmark is placed in.</summary>
    public const string Type = "Latency";

    /// <summary>Serializes the report's latency rows, in the report's row order, as indented UTF-8 JSON text.</summary>
    public static string Serialize(ReferenceReport report)
    {
        ArgumentNullException.ThrowIfNull(report);
        using var stream = new MemoryStream();
        using (var json = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = true, NewLine = "\n" }))
        {
            json.WriteStartObject();
            json.WriteString("Title", report.Title);
            Host(json, report);
            json.WriteStartArray("Benchmarks");
            foreach (var row in report.Rows)
            {
                Benchmark(json, row);
            }

            json.WriteEndArray();
            json.WriteEndObject();
        }

        return Encoding.UTF8.GetString(stream.ToArray()) + "\n";
    }

    private static void Host(Utf8JsonWriter json, ReferenceReport report)
    {
        json.WriteStartObject("HostEnvironmentInfo");
        json.WriteString("BenchmarkDotNetCaption", "PerfAssert");
        json.WriteString("BenchmarkDotNetVersion", report.ToolVersion);
        if (report.Environment is { } environment)
        {
            json.WriteString("OsVersion", environment.Os);
            json.WriteNumber("LogicalCoreCount", environment.Cores);
            json.WriteString("RuntimeVersion", ".NET " + environment.Runtime);
            json.WriteString("Architecture", environment.Architecture.ToUpperInvariant());
            json.WriteString("MachineClass", environment.MachineClass);
            json.WriteBoolean("ServerGc", environment.ServerGc);
        }

        json.WriteEndObject();
    }

    private static void Benchmark(Utf8JsonWriter json, LatencyRow row)
    {
        var parameters = row.Items is { } items ? "Items=" + items.ToString(CultureInfo.InvariantCulture) : string.Empty;
        var arguments = row.Items is { } count ? "(Items: " + count.ToString(CultureInfo.InvariantCulture) + ")" : string.Empty;
        json.WriteStartObject();
        json.WriteString("DisplayInfo", $"{Type}.{row.Method}: PerfAssert" + (parameters.Length > 0 ? $" [{parameters}]" : string.Empty));
        json.WriteString("Namespace", Namespace);
        json.WriteString("Type", Type);
        json.WriteString("Method", row.Method);
        json.WriteString("MethodTitle", row.Method);
        json.WriteString("Parameters", parameters);
        json.WriteString("FullName", $"{Namespace}.{Type}.{row.Method}{arguments}");
        Statistics(json, row.Result.Subject);
        if (row.Result.Subject.Allocations is { } allocations)
        {
            Memory(json, allocations);
        }

        json.WriteEndObject();
    }

    private static void Statistics(Utf8JsonWriter json, OperationSummary subject)
    {
        json.WriteStartObject("Statistics");
        if (subject.PerCall is { } perCall)
        {
            json.WriteNumber("N", perCall.Calls);
            Number(json, "Mean", perCall.MeanNs);
            Number(json, "Median", perCall.MedianNs);
            Number(json, "Max", perCall.MaxNs);
            json.WriteStartObject("Percentiles");
            Number(json, "P50", perCall.MedianNs);
            Number(json, "P95", perCall.P95Ns);
            Number(json, "P99", perCall.P99Ns);
            Number(json, "P100", perCall.MaxNs);
            json.WriteEndObject();
        }
        else
        {
            Number(json, "Mean", subject.MeanNs);
        }

        json.WriteEndObject();
    }

    private static void Memory(Utf8JsonWriter json, AllocationMeasurement allocations)
    {
        var operations = allocations.OpsPerRepeat * allocations.Repeats;
        json.WriteStartObject("Memory");
        json.WriteNumber("Gen0Collections", Collections(allocations.Gen0PerThousandOps, operations));
        json.WriteNumber("Gen1Collections", Collections(allocations.Gen1PerThousandOps, operations));
        json.WriteNumber("Gen2Collections", Collections(allocations.Gen2PerThousandOps, operations));
        json.WriteNumber("TotalOperations", operations);
        json.WriteNumber("BytesAllocatedPerOperation", double.IsFinite(allocations.BytesPerOp) ? (long)Math.Round(allocations.BytesPerOp) : 0);
        json.WriteEndObject();
    }

    private static long Collections(double perThousand, long operations) =>
        double.IsFinite(perThousand) ? (long)Math.Round(perThousand * operations / 1000) : 0;

    // JSON has no NaN or infinity; a figure that is not finite is left out rather than written as a string a reader cannot parse.
    private static void Number(Utf8JsonWriter json, string name, double value)
    {
        if (double.IsFinite(value))
        {
            json.WriteNumber(name, value);
        }
    }
}
