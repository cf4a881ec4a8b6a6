using System.Security.Cryptography;
using System.Text;
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

    // Invalid in file names on Windows, and '/' everywhere: results folders travel between machines as CI artifacts.
    private static readonly char[] PortablyInvalid = ['<', '>', ':', '"', '/', '\\', '|', '?', '*'];

    // Well under the 255 bytes most file systems allow, leaving room for the hash, the extension and multi-byte characters.
    private const int MaxNameLength = 100;

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

    /// <summary>
    /// Writes <paramref name="result"/> into <paramref name="directory"/>, creating it, as <see cref="FileName"/> names it: one
    /// file per test and operation, so tests that measure the same operation do not overwrite each other's results.
    /// </summary>
    /// <returns>The file written.</returns>
    public static async Task<string> WriteAsync(PerfResult result, string directory, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(result);
        ArgumentException.ThrowIfNullOrWhiteSpace(directory);
        Directory.CreateDirectory(directory);
        var path = Path.Combine(directory, FileName(result));
        await AtomicFile.WriteAllTextAsync(path, PerfJson.Serialize(result), cancellationToken).ConfigureAwait(false);
        return path;
    }

    /// <summary>
    /// The results file of <paramref name="result"/>: <c>{test} - {operation}.json</c>, or <c>{operation}.json</c> when no
    /// adapter named the test. Characters that a file name cannot hold on any common file system become <c>_</c>, and a
    /// name too long for one is shortened, keeping a hash of the whole, so different tests never share a file.
    /// </summary>
    public static string FileName(PerfResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        var key = result.Test is null ? result.Name : $"{result.Test} - {result.Name}";
        var name = new string(key.Select(c => char.IsControl(c) || PortablyInvalid.Contains(c) ? '_' : c).ToArray());
        if (name.Length > MaxNameLength || !name.Equals(key, StringComparison.Ordinal))
        {
            // Shortened or sanitized, two keys could meet on one name: the hash of the exact key keeps them apart.
            var hash = Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(key)))[..12];
            name = $"{name[..Math.Min(name.Length, MaxNameLength)]}-{hash}";
        }

        return name + ".json";
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
