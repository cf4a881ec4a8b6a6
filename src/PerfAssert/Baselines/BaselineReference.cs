using System.Text.Json;
using System.Text.RegularExpressions;
using PerfAssert.IO;

namespace PerfAssert.Baselines;

/// <summary>
/// The approved reference commit, <c>baselines/reference.json</c>: latency is judged against the build of this commit,
/// measured beside the working tree in the same run. It moves only by <c>perfassert baseline move</c>, a reviewed diff, so
/// drift that creeps in over many commits is still measured against the same reference.
/// </summary>
/// <param name="Commit">The full 40-character commit id.</param>
public sealed partial record BaselineReference(string Commit)
{
    /// <summary>The file's name inside the baselines folder; no test class may use it as its baseline file.</summary>
    public const string FileName = "reference.json";

    /// <summary>The schema version this code reads and writes.</summary>
    public const int CurrentSchemaVersion = 1;

    private static readonly JsonSerializerOptions Options = new(JsonSerializerDefaults.Web) { WriteIndented = true, NewLine = "\n" };

    /// <summary>The first 12 characters of the commit, for messages.</summary>
    public string ShortCommit => Commit[..12];

    /// <summary>Reads the reference of a store; <see langword="null"/> when the file does not exist. A corrupt file throws naming it.</summary>
    public static BaselineReference? Read(BaselineStore store)
    {
        ArgumentNullException.ThrowIfNull(store);
        var path = PathIn(store);
        if (!File.Exists(path))
        {
            return null;
        }

        var shown = store.Relative(path);
        try
        {
            using var document = JsonDocument.Parse(File.ReadAllText(path));
            var root = document.RootElement;
            var version = root.TryGetProperty("schemaVersion", out var v) && v.TryGetInt32(out var parsed) ? parsed : 0;
            if (version != CurrentSchemaVersion)
            {
                throw new BaselineException($"{shown} has schema version {version}; this PerfAssert reads version {CurrentSchemaVersion}. Write it again with: perfassert baseline move --commit <commit>");
            }

            var commit = root.TryGetProperty("commit", out var c) && c.ValueKind == JsonValueKind.String ? c.GetString()! : string.Empty;
            if (!CommitId().IsMatch(commit))
            {
                throw new BaselineException($"{shown} must name the reference as a full 40-character commit id in \"commit\", not '{commit}'. Write it with: perfassert baseline move --commit <commit>");
            }

            return new BaselineReference(commit.ToLowerInvariant());
        }
        catch (JsonException ex)
        {
            throw new BaselineException($"{shown} is not valid JSON ({ex.Message}). Write it again with: perfassert baseline move --commit <commit>", ex);
        }
    }

    /// <summary>Writes this reference into a store's folder, atomically. Refused on CI: the reference moves only in a reviewed change.</summary>
    public void Write(BaselineStore store)
    {
        ArgumentNullException.ThrowIfNull(store);
        if (store.IsCi)
        {
            throw new InvalidOperationException("CI=true: the reference commit never moves on CI. Move it locally with 'perfassert baseline move' and commit the change.");
        }

        AtomicFile.WriteAllText(PathIn(store), JsonSerializer.Serialize(new { schemaVersion = CurrentSchemaVersion, commit = Commit }, Options) + "\n");
    }

    /// <summary>The path of a store's reference file.</summary>
    public static string PathIn(BaselineStore store)
    {
        ArgumentNullException.ThrowIfNull(store);
        return Path.Combine(store.Directory, FileName);
    }

    [GeneratedRegex("^[0-9a-fA-F]{40}$")]
    private static partial Regex CommitId();
}
