using PerfAssert.Baselines;
using PerfAssert.IO;

namespace PerfAssert.Reporting;

/// <summary>
/// Writes each result as JSON to <c>PERFASSERT_RESULTS</c>, or to <c>TestResults/perfassert</c> beside the baselines
/// folder, so tools can find orphaned baselines and render reports after a run. Every test-framework adapter calls this.
/// </summary>
public static class ResultFiles
{
    /// <summary>The environment variable that names the results folder.</summary>
    public const string DirectoryVariable = "PERFASSERT_RESULTS";

    /// <summary>
    /// Writes <paramref name="result"/> to the results folder: <c>PERFASSERT_RESULTS</c> when set, otherwise
    /// <c>TestResults/perfassert</c> beside the discovered <c>baselines/</c> folder. Without either nothing is written.
    /// </summary>
    /// <returns>The file written, or <see langword="null"/> when there is no results folder.</returns>
    public static async Task<string?> WriteAsync(PerfResult result, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(result);
        var directory = ResolveDirectory();
        return directory is null ? null : await WriteAsync(result, directory, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Writes <paramref name="result"/> as <c>{name}.json</c> into <paramref name="directory"/>, creating it.</summary>
    /// <returns>The file written; characters a file name cannot hold are replaced by <c>_</c>.</returns>
    public static async Task<string> WriteAsync(PerfResult result, string directory, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(result);
        ArgumentException.ThrowIfNullOrWhiteSpace(directory);
        Directory.CreateDirectory(directory);
        var invalid = Path.GetInvalidFileNameChars();
        var name = new string(result.Name.Select(c => invalid.Contains(c) ? '_' : c).ToArray());
        var path = Path.Combine(directory, name + ".json");
        await AtomicFile.WriteAllTextAsync(path, PerfJson.Serialize(result), cancellationToken).ConfigureAwait(false);
        return path;
    }

    /// <summary>The results folder <see cref="WriteAsync(PerfResult, CancellationToken)"/> writes to, or <see langword="null"/>.</summary>
    public static string? ResolveDirectory()
    {
        if (Configured() is { } configured)
        {
            return configured;
        }

        try
        {
            return DirectoryFor(BaselineStore.Discover());
        }
        catch (BaselineException)
        {
            // No baselines folder: nothing to find orphans against, and no agreed place for results.
            return null;
        }
    }

    /// <summary>The results folder of the tests judged against <paramref name="store"/>: <c>PERFASSERT_RESULTS</c> when set, otherwise <c>TestResults/perfassert</c> beside it.</summary>
    public static string DirectoryFor(BaselineStore store)
    {
        ArgumentNullException.ThrowIfNull(store);
        return Configured() ?? Path.Combine(Path.GetDirectoryName(store.Directory)!, "TestResults", "perfassert");
    }

    private static string? Configured()
    {
        var configured = System.Environment.GetEnvironmentVariable(DirectoryVariable);
        return string.IsNullOrWhiteSpace(configured) ? null : configured;
    }
}
