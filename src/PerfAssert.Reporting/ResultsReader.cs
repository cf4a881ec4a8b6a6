using System.Text.Json;

namespace PerfAssert.Reporting;

/// <summary>
/// Reads PerfAssert results JSON back: the per-test files the xUnit adapter writes (one <see cref="PerfResult"/> each, in
/// <c>TestResults/perfassert</c>) and the reference suite's <c>results.json</c> (a <see cref="ReferenceReport"/>).
/// Reading is strict: a file that is not valid JSON or not of the expected shape throws
/// <see cref="InvalidDataException"/> naming the file.
/// </summary>
public static class ResultsReader
{
    private static readonly JsonSerializerOptions Options = new(PerfJson.Options)
    {
        RespectNullableAnnotations = true,
        RespectRequiredConstructorParameters = true,
    };

    /// <summary>Whether JSON text has the reference report's shape: an object with a <c>results</c> array.</summary>
    public static bool IsReferenceReport(string json, string source)
    {
        using var document = Parse(json, source);
        return IsReferenceReport(document.RootElement);
    }

    /// <summary>Parses one per-test result file's text; <paramref name="source"/> names it in errors.</summary>
    public static PerfResult ParseResult(string json, string source)
    {
        using var document = Parse(json, source);
        return Checked(Deserialize<PerfResult>(document.RootElement, source, "a PerfAssert result file (one test's result, as the xUnit adapter writes it)"), source);
    }

    /// <summary>Parses the reference suite's <c>results.json</c> text; <paramref name="source"/> names it in errors.</summary>
    public static ReferenceReport ParseReferenceReport(string json, string source)
    {
        using var document = Parse(json, source);
        var data = Deserialize<ReferenceData>(document.RootElement, source, "a reference suite results.json");
        data.Results.ForEach(r => Checked(r, source));
        try
        {
            return new ReferenceReport(data.Results, data.Throughput, data.FloorRatios) { Title = data.Title, ReferenceStack = data.ReferenceStack, ReferenceRatios = data.ReferenceRatios };
        }
        catch (ArgumentException ex)
        {
            throw new InvalidDataException($"{source} is not a usable reference suite results.json ({ex.Message}). Run the reference suite again.", ex);
        }
    }

    /// <summary>
    /// Reads every <c>*.json</c> file directly in <paramref name="directory"/> as one test's result, in ordinal file name
    /// order. Everything is read before anything is returned, so one bad file fails the whole read.
    /// </summary>
    /// <exception cref="DirectoryNotFoundException">The directory does not exist.</exception>
    /// <exception cref="InvalidDataException">There is no result file, or one is corrupt or of another shape; the message names it.</exception>
    public static IReadOnlyList<PerfResult> ReadDirectory(string directory)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(directory);
        var full = Path.GetFullPath(directory);
        if (!Directory.Exists(full))
        {
            throw new DirectoryNotFoundException($"No results folder at {full}. Run the performance tests first; each writes its result there.");
        }

        var files = Directory.GetFiles(full, "*.json").Order(StringComparer.Ordinal).ToList();
        if (files.Count == 0)
        {
            throw new InvalidDataException($"No results in {full}: it holds no *.json result file. Run the performance tests first; each writes its result there.");
        }

        return files.Select(path => ParseResult(File.ReadAllText(path), path)).ToList();
    }

    private static JsonDocument Parse(string json, string source)
    {
        ArgumentNullException.ThrowIfNull(json);
        try
        {
            return JsonDocument.Parse(json);
        }
        catch (JsonException ex)
        {
            throw new InvalidDataException($"{source} is not valid JSON ({ex.Message}). Delete it and run the tests that write it again.", ex);
        }
    }

    private static PerfResult Checked(PerfResult? result, string source) =>
        result is not null && result.Verdicts.All(v => v is not null)
            ? result
            : throw new InvalidDataException($"{source} holds a null result or verdict. Delete it and run the tests that write it again.");

    private static bool IsReferenceReport(JsonElement root) =>
        root.ValueKind == JsonValueKind.Object && root.TryGetProperty("results", out var results) && results.ValueKind == JsonValueKind.Array;

    private static T Deserialize<T>(JsonElement root, string source, string expected)
        where T : class
    {
        try
        {
            return root.Deserialize<T>(Options) ?? throw new JsonException("the document is null");
        }
        catch (JsonException ex)
        {
            throw new InvalidDataException($"{source} is not {expected} ({ex.Message}). Delete it and run the tests that write it again.", ex);
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
