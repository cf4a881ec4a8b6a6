using PerfAssert.Reporting;

namespace PerfAssert.History;

/// <summary>
/// What the core's <see cref="ResultHistory"/> calls as each test finishes when <c>PERFASSERT_HISTORY</c> is set: the
/// result is recorded under this process's run (the CI's run when the CI names one), with the same key its result file
/// would have, so recording the results folder afterwards adds nothing.
/// </summary>
internal static class ResultRecorder
{
    // Every result of one test process belongs to one run; the CI's variables and git are read once.
    private static readonly Lazy<RunInfo> Run = new(() =>
    {
        var detected = RunInfo.Detect(Directory.GetCurrentDirectory());
        using var process = System.Diagnostics.Process.GetCurrentProcess();
        return detected with { Key = detected.Key ?? $"process:{detected.Commit}:{Environment.ProcessId}:{process.StartTime.ToUniversalTime():O}" };
    });

    /// <summary>Records one result; a store that cannot be written gives the warning text instead of throwing.</summary>
    public static async Task<string?> RecordAsync(string location, PerfResult result, CancellationToken cancellationToken)
    {
        try
        {
            await HistoryStore.Open(location).RecordAsync(result, PerfJson.Serialize(result), Run.Value, cancellationToken).ConfigureAwait(false);
            return null;
        }
        catch (HistoryException ex)
        {
            return $"'{result.Name}' was not recorded in the performance history: {ex.Message}";
        }
    }
}
