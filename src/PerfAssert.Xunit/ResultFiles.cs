using PerfAssert.Baselines;
using PerfAssert.IO;
using PerfAssert.Reporting;

namespace PerfAssert.Xunit;

/// <summary>
/// Writes each result as JSON to <c>PERFASSERT_RESULTS</c>, or to <c>TestResults/perfassert</c> beside the baselines
/// folder, so tools can find orphaned baselines and render reports after a run.
/// </summary>
internal static class ResultFiles
{
    public static async Task WriteAsync(PerfResult result, CancellationToken cancellationToken)
    {
        var directory = Directory();
        if (directory is null)
        {
            return;
        }

        System.IO.Directory.CreateDirectory(directory);
        var invalid = Path.GetInvalidFileNameChars();
        var name = new string(result.Name.Select(c => invalid.Contains(c) ? '_' : c).ToArray());
        await AtomicFile.WriteAllTextAsync(Path.Combine(directory, name + ".json"), PerfJson.Serialize(result), cancellationToken).ConfigureAwait(false);
    }

    private static string? Directory()
    {
        var configured = System.Environment.GetEnvironmentVariable("PERFASSERT_RESULTS");
        if (!string.IsNullOrWhiteSpace(configured))
        {
            return configured;
        }

        try
        {
            return Path.Combine(Path.GetDirectoryName(BaselineStore.Discover().Directory)!, "TestResults", "perfassert");
        }
        catch (BaselineException)
        {
            // No baselines folder: nothing to find orphans against, and no agreed place for results.
            return null;
        }
    }
}
