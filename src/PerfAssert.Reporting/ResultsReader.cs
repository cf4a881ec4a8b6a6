using System.Text.Json;

namespace PerfAssert.Reporting;

/// <summary>
/// Reads the per-test results JSON the xUnit adapter writes back (one <see cref="PerfResult"/> per file, in
/// <c>TestResults/perfassert</c>). Reading is strict: a file that is not valid JSON or not of the expected shape throws
/// <see cref="InvalidDataException"/> naming the file.
/// </summary>
public static class ResultsReader
{
    private static readonly JsonSerializerOptions Options = new(PerfJson.Options)
    {
        RespectNullableAnnotations = true,
        RespectRequiredConstructorParameters = true,
    };

    /// <summary>Parses one per-test result file's text; <paramref name="source"/> names it in errors.</summary>
    /// <exception cref="InvalidDataException">
    /// The text is not valid JSON, not one test's result, or the reference suite's <c>results.json</c>; the message names
    /// <paramref name="source"/>.
    /// </exception>
    public static PerfResult ParseResult(string json, string source)
    {
        using var document = Parse(json, source);
        return Result(document.RootElement, source);
    }

    /// <summary>
    /// Reads every <c>*.json</c> file directly in <paramref name="directory"/> as one test's result, in ordinal file name
    /// order. Everything is read before anything is returned, so one bad file fails the whole read.
    /// </summary>
    /// <exception cref="DirectoryNotFoundException">The directory does not exist.</exception>
    /// <exception cref="InvalidDataException">
    /// There is no result file, or one is corrupt or of another shape, or the folder holds the reference suite's
    /// <c>results.json</c>; the message names it.
    /// </exception>
    public static IReadOnlyList<PerfResult> ReadDirectory(string directory) => [.. ReadFiles(directory).Select(f => f.Result)];

    /// <summary>
    /// <see cref="ReadDirectory"/>, with each result's file and the text it was read from (the performance history keys a
    /// result by its file's content, so the text hashed is the text parsed).
    /// </summary>
    internal static IReadOnlyList<(string Path, string Text, PerfResult Result)> ReadFiles(string directory)
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

        var documents = new List<(string Path, string Text, JsonDocument Document)>(files.Count);
        try
        {
            foreach (var path in files)
            {
                var text = File.ReadAllText(path);
                documents.Add((path, text, Parse(text, path)));
            }

            // The reference suite's folder holds other JSON files beside its results.json: name that one, not the first of them.
            foreach (var (path, _, document) in documents)
            {
                RejectReferenceResults(document.RootElement, path);
            }

            return documents.Select(d => (d.Path, d.Text, Result(d.Document.RootElement, d.Path))).ToList();
        }
        finally
        {
            documents.ForEach(d => d.Document.Dispose());
        }
    }

    /// <summary>Parses JSON text; text that is not valid JSON throws <see cref="InvalidDataException"/> naming <paramref name="source"/>.</summary>
    internal static JsonDocument Parse(string json, string source)
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

    /// <summary>The result itself, when it and all its verdicts are there; otherwise an error naming <paramref name="source"/>.</summary>
    internal static PerfResult Checked(PerfResult? result, string source) =>
        result is not null && result.Verdicts.All(v => v is not null)
            ? result
            : throw new InvalidDataException($"{source} holds a null result or verdict. Delete it and run the tests that write it again.");

    /// <summary>
    /// Deserializes strictly (required properties, nullable annotations); a document of another shape throws
    /// <see cref="InvalidDataException"/> saying it is not <paramref name="expected"/>.
    /// </summary>
    internal static T Deserialize<T>(JsonElement root, string source, string expected)
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

    private static PerfResult Result(JsonElement root, string source)
    {
        RejectReferenceResults(root, source);
        return Checked(Deserialize<PerfResult>(root, source, "a PerfAssert result file (one test's result, as the xUnit adapter writes it)"), source);
    }

    // The reference suite's results.json (an object with a results array) is its own report's data, not a test's result.
    private static void RejectReferenceResults(JsonElement root, string source)
    {
        if (root.ValueKind == JsonValueKind.Object && root.TryGetProperty("results", out var results) && results.ValueKind == JsonValueKind.Array)
        {
            throw new InvalidDataException(
                $"{source} is the PerfAssert reference suite's results.json, not a test's result: only the per-test results a test run writes (TestResults/perfassert) are read here. " +
                $"The reference suite renders its own report from it: dotnet run -c Release --project tools/ReferenceSuite -- --render {source}");
        }
    }
}
