using System.Text.Json;
using PerfAssert.Measurement;
using PerfAssert.Reporting;

namespace PerfAssert.History;

/// <summary>
/// The reference suite's run (its <c>results.json</c>, what the main job writes beside its report) as results to record:
/// every latency row (a case's measured operation, with its figures) and every throughput row (a case's requests per
/// second and latency percentiles under load), each an operation of the assembly <c>ReferenceSuite</c>.
/// </summary>
internal static class ReferenceSuiteRun
{
    public const string Assembly = "ReferenceSuite";

    private const string FileName = "results.json";

    /// <summary>
    /// The rows of the reference suite's results file <paramref name="path"/> names (the file, or a folder holding it), read
    /// strictly (a row of another shape throws <see cref="InvalidDataException"/> naming the file); <see langword="null"/>
    /// when it names no such file, which leaves the path to the per-test results reader.
    /// </summary>
    public static IReadOnlyList<RecordedResult>? TryRead(string path)
    {
        var file = Path.GetFullPath(Directory.Exists(path) ? Path.Combine(path, FileName) : path);
        if (!File.Exists(file))
        {
            return null;
        }

        JsonDocument document;
        try
        {
            document = JsonDocument.Parse(File.ReadAllText(file));
        }
        catch (JsonException)
        {
            // Not JSON: the per-test reader names the file and what is wrong with it.
            return null;
        }

        using (document)
        {
            return document.RootElement.ValueKind == JsonValueKind.Object && document.RootElement.TryGetProperty("results", out var results) && results.ValueKind == JsonValueKind.Array
                ? Rows(document.RootElement, file)
                : null;
        }
    }

    private static List<RecordedResult> Rows(JsonElement root, string file)
    {
        var rows = new List<RecordedResult>();
        foreach (var element in root.GetProperty("results").EnumerateArray())
        {
            var result = ResultsReader.Checked(ResultsReader.Deserialize<PerfResult>(element, file, "a reference suite results.json (its results are test results)"), file);
            rows.Add(new RecordedResult(new OperationIdentity(Assembly, "latency", result.Name), RecordedResult.Hash(element.GetRawText()), result));
        }

        if (rows.Count == 0)
        {
            throw new InvalidDataException($"{file} holds no reference suite results. Run the reference suite again.");
        }

        if (root.TryGetProperty("throughput", out var throughput) && throughput.ValueKind == JsonValueKind.Array)
        {
            var first = rows[0].Result;
            foreach (var element in throughput.EnumerateArray())
            {
                var row = ResultsReader.Deserialize<ThroughputRow>(element, file, "a reference suite results.json (a throughput row)");
                var result = new PerfResult
                {
                    Name = row.Case,
                    Test = "throughput",
                    Assembly = Assembly,
                    Verdicts = [],
                    Subject = new OperationSummary
                    {
                        Name = row.Case,
                        OpsPerSample = 1,
                        MeanNs = double.NaN,
                        WarmupSettled = true,
                        PerCall = new LatencyDistribution((int)Math.Min(int.MaxValue, row.Requests), double.NaN, row.P50Us * 1000, row.P95Us * 1000, row.P99Us * 1000, double.NaN),
                    },
                    Calibration = first.Calibration,
                    Environment = first.Environment,
                    Seed = 0,
                    Duration = TimeSpan.Zero,
                    Strict = false,
                };
                rows.Add(new RecordedResult(new OperationIdentity(Assembly, "throughput", row.Case), RecordedResult.Hash(element.GetRawText()), result) { RequestsPerSecond = row.RequestsPerSecond });
            }
        }

        return rows;
    }

    /// <summary>A throughput row as the reference suite writes it.</summary>
    private sealed record ThroughputRow(string Case, long Requests, long Errors, double RequestsPerSecond, double P50Us, double P95Us, double P99Us);
}
