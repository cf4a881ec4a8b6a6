using System.Globalization;
using PerfAssert.Baselines;

namespace PerfAssert.History;

/// <summary>
/// The accepted changes a commit made, read from git: every baseline entry (<c>baselines/*.json</c>) it added or changed,
/// which is what <c>perfassert accept</c> writes and a reviewed commit lands, and a moved reference build
/// (<c>baselines/reference.json</c>, what <c>perfassert baseline move</c> writes). A change point at that commit on those
/// operations is expected, and the history report marks it instead of alerting.
/// </summary>
internal static class AcceptedChanges
{
    /// <summary>
    /// The changes between the run's commit and its parent, in <see cref="RunInfo.RepositoryDirectory"/> or else the
    /// repository holding <paramref name="directory"/>; none without git or either commit.
    /// </summary>
    public static IReadOnlyList<Annotation> At(string directory, RunInfo run)
    {
        // Detect found the working tree's top already; otherwise ask git where the results folder's is.
        var top = run.RepositoryDirectory ?? (Directory.Exists(directory) ? RunInfo.Git(directory, "rev-parse", "--show-toplevel") : null);
        if (run.Commit is not { } commit || run.Parent is not { } parent || top is null)
        {
            return [];
        }

        var changed = (RunInfo.Git(top, "diff", "--name-only", parent, commit) ?? string.Empty)
            .Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Where(p => p.Replace('\\', '/').Split('/') is var parts && parts.Length >= 2 && parts[^2] == "baselines"
                && p.EndsWith(".json", StringComparison.Ordinal) && !p.EndsWith(".received.json", StringComparison.Ordinal));
        var annotations = new List<Annotation>();
        foreach (var path in changed)
        {
            var name = Path.GetFileNameWithoutExtension(path);
            if (name + ".json" == BaselineReference.FileName)
            {
                annotations.Add(new Annotation(Annotation.Everything, Annotation.BaselineMoved, $"reference build moved to {commit[..Math.Min(12, commit.Length)]}"));
                continue;
            }

            var before = Entries(RunInfo.Git(top, "show", $"{parent}:{path}"), path);
            foreach (var (id, entry) in Entries(RunInfo.Git(top, "show", $"{commit}:{path}"), path))
            {
                var old = before.GetValueOrDefault(id);
                if (old is null || old.AllocatedBytesPerOp != entry.AllocatedBytesPerOp || old.Gen0PerThousandOps != entry.Gen0PerThousandOps
                    || old.CalibrationRatio.Estimate != entry.CalibrationRatio.Estimate || old.LatencyAllowance != entry.LatencyAllowance)
                {
                    annotations.Add(new Annotation(RecordedResult.BaselineSubject(name, id), Annotation.Accepted, Describe(old, entry)));
                }
            }
        }

        return annotations;
    }

    private static string Describe(BaselineEntry? old, BaselineEntry entry) => old is null
        ? string.Create(CultureInfo.InvariantCulture, $"new baseline: {entry.AllocatedBytesPerOp:#,0.##} B/op")
        : string.Create(CultureInfo.InvariantCulture, $"accepted: {old.AllocatedBytesPerOp:#,0.##} -> {entry.AllocatedBytesPerOp:#,0.##} B/op, calibration ratio {old.CalibrationRatio.Estimate:0.###} -> {entry.CalibrationRatio.Estimate:0.###}");

    // A file the commit deleted, or one that does not parse as a baseline file, has no entries to note.
    private static IReadOnlyDictionary<string, BaselineEntry> Entries(string? json, string path)
    {
        if (json is null)
        {
            return new Dictionary<string, BaselineEntry>();
        }

        try
        {
            return BaselineJson.Parse(json, path, "perfassert accept").Entries;
        }
        catch (BaselineException)
        {
            return new Dictionary<string, BaselineEntry>();
        }
    }
}
