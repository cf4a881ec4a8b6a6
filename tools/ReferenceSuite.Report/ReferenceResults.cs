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
            return new ReferenceReport(data.Results, data.Throughput, data.FloorRatios) { Title = data.Title, ReferenceStack = data.ReferenceStack, ReferenceRatios = data.ReferenceRatios, MeanIntervals = data.MeanIntervals, Speed = data.Speed };
        }
        catch (ArgumentException ex)
        {
            throw new InvalidDataException($"{source} is not a usable reference suite results.json ({ex.Message}). Run the reference suite again.", ex);
        }
    }

    /// <summary>Reads <paramref name="path"/>: a <c>results.json</c>, or the folder holding one (<c>artifacts/reference</c>).</summary>
    /// <exception cref="FileNotFoundException">There is no such file, and no such folder with a <c>results.json</c> in it.</exception>
    /// <exception cref="InvalidDataException">The file is corrupt or of another shape; the message names it.</exception>
    public static ReferenceReport Read(string path)
    {
        var file = FileOf(path);
        if (!File.Exists(file))
        {
            throw new FileNotFoundException($"No reference suite results at {file}. Run the reference suite first; it writes {ReportWriter.JsonFile} beside its report.", file);
        }

        return Parse(File.ReadAllText(file), file);
    }

    /// <summary>The full path of the <c>results.json</c> that <paramref name="path"/> names: itself, or the one in the folder it names.</summary>
    public static string FileOf(string path)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(path);
        var full = Path.GetFullPath(path);
        return Directory.Exists(full) ? Path.Combine(full, ReportWriter.JsonFile) : full;
    }

    // The shape ReferenceReport.ToJson() writes.
    private sealed class ReferenceData
    {
        public required string Title { get; init; }

        public string? ReferenceStack { get; init; }

        public Dictionary<string, Statistics.Interval>? ReferenceRatios { get; init; }

        public Dictionary<string, Statistics.Interval>? MeanIntervals { get; init; }

        public MachineSpeed? Speed { get; init; }

        public required List<PerfResult> Results { get; init; }

        public List<ThroughputRow>? Throughput { get; init; }

        public List<FloorRatio>? FloorRatios { get; init; }
    }
}
