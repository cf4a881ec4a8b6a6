using PerfAssert.Reporting;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// Reads the reference suite's <c>results.json</c> (<see cref="ReferenceReport.ToJson"/>) back into a
/// <see cref="ReferenceReport"/>, so the report can be rendered again without measuring. Reading is as strict as the
/// per-test results': a file that is not valid JSON or not of the expected shape throws
/// <see cref="InvalidDataException"/> naming it.
/// </summary>
public static class ReferenceResults
{
    /// <summary>Parses the text of a <c>results.json</c>; <paramref name="source"/> names it in errors.</summary>
    public static ReferenceReport Parse(string json, string source)
    {
        using var document = ResultsReader.Parse(json, source);
        var data = ResultsReader.Deserialize<ReferenceData>(document.RootElement, source, "a reference suite results.json");
        data.Results.ForEach(r => ResultsReader.Checked(r, source));
        try
        {
            return new ReferenceReport(data.Results, data.Throughput, data.FloorRatios) { Title = data.Title, ReferenceStack = data.ReferenceStack, ReferenceRatios = data.ReferenceRatios };
        }
        catch (ArgumentException ex)
        {
            throw new InvalidDataException($"{source} is not a usable reference suite results.json ({ex.Message}). Run the reference suite again.", ex);
        }
    }

    // The shape ReferenceReport.ToJson() writes.
    private sealed class ReferenceData
    {
        public required string Title { get; init; }

        public string? ReferenceStack { get; init; }

        public Dictionary<string, Statistics.Interval>? ReferenceRatios { get; init; }

        public required List<PerfResult> Results { get; init; }

        public List<ThroughputRow>? Throughput { get; init; }

        public List<FloorRatio>? FloorRatios { get; init; }
    }
}
