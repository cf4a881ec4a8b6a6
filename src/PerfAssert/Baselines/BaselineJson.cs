using System.Text.Json;
using System.Text.Json.Serialization;

namespace PerfAssert.Baselines;

/// <summary>
/// Reads and writes baseline files: indented JSON, LF line endings, ids sorted ordinally, numbers in invariant form.
/// Reading is strict and every error names the file and what to do.
/// </summary>
public static class BaselineJson
{
    private static readonly JsonSerializerOptions Options = new(JsonSerializerDefaults.Web)
    {
        WriteIndented = true,
        NewLine = "\n",
        AllowDuplicateProperties = false,
        DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
        UnmappedMemberHandling = JsonUnmappedMemberHandling.Disallow,
    };

    /// <summary>Serializes a baseline file, ending with a newline.</summary>
    public static string Serialize(BaselineFile file) => JsonSerializer.Serialize(file, Options) + "\n";

    // accept only records what a test run measured: the hint must say to run the tests first.
    private static string RecordAgain(string acceptCommand) =>
        $"run the tests that use it (each of its entries then fails with NoBaseline and writes a candidate), review the candidates, then accept them with {acceptCommand}";

    /// <summary>Parses a baseline file's text; <paramref name="path"/> and <paramref name="fix"/> go into error messages.</summary>
    public static BaselineFile Parse(string json, string path, string fix)
    {
        ArgumentNullException.ThrowIfNull(json);
        int version;
        try
        {
            using var document = JsonDocument.Parse(json);
            version = document.RootElement.TryGetProperty("schemaVersion", out var v) && v.TryGetInt32(out var parsed) ? parsed : 0;
        }
        catch (JsonException ex)
        {
            throw new BaselineException($"{path} is not valid JSON ({ex.Message}). Fix it, or delete it and record it again: {RecordAgain(fix)}", ex);
        }

        if (version != BaselineFile.CurrentSchemaVersion)
        {
            throw new BaselineException($"{path} has schema version {version}; this PerfAssert reads version {BaselineFile.CurrentSchemaVersion}. Record it again with this version: {RecordAgain(fix)}");
        }

        try
        {
            var file = JsonSerializer.Deserialize<BaselineFile>(json, Options)!;
            return file with { Entries = new SortedDictionary<string, BaselineEntry>(file.Entries, StringComparer.Ordinal) };
        }
        catch (JsonException ex) when (ex.Message.Contains("Duplicate", StringComparison.OrdinalIgnoreCase))
        {
            throw new BaselineException($"{path} has a duplicate id or property ({ex.Message}). Keep one of them; the diff that added the second one shows which.", ex);
        }
        catch (JsonException ex)
        {
            throw new BaselineException($"{path} does not have the shape of a baseline file ({ex.Message}). Fix it, or delete it and record it again: {RecordAgain(fix)}", ex);
        }
    }
}
