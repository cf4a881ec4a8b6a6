using System.Reflection;

namespace PerfAssert.Reporting;

/// <summary>
/// Records each test's result in the performance history as the test finishes, when the <c>PERFASSERT_HISTORY</c> setting
/// names a store (a SQLite file's path or a PostgreSQL connection string), so a CI job needs no step of its own. The
/// recording is done by the PerfAssert.History package, which the test project references for it; this core package
/// holds no database driver. The history is advisory: a result that cannot be recorded gives a warning, never a failure.
/// </summary>
public static class ResultHistory
{
    /// <summary>The setting (an environment variable, also settable in a .runsettings file) that switches recording on.</summary>
    public const string LocationVariable = "PERFASSERT_HISTORY";

    private const string Recorder = "PerfAssert.History.ResultRecorder, PerfAssert.History";

    /// <summary>
    /// Records <paramref name="result"/> when <c>PERFASSERT_HISTORY</c> is set; returns <see langword="null"/> when it was
    /// recorded or recording is off, otherwise a warning saying why it was not (the package is missing, the store cannot
    /// be written).
    /// </summary>
    public static Task<string?> RecordAsync(PerfResult result, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(result);
        var location = System.Environment.GetEnvironmentVariable(LocationVariable);
        return string.IsNullOrWhiteSpace(location) ? Task.FromResult<string?>(null) : RecordAsync(result, location, Recorder, cancellationToken);
    }

    internal static async Task<string?> RecordAsync(PerfResult result, string location, string recorder, CancellationToken cancellationToken)
    {
        var method = Type.GetType(recorder, throwOnError: false)?.GetMethod("RecordAsync", BindingFlags.NonPublic | BindingFlags.Public | BindingFlags.Static);
        if (method is null)
        {
            return $"{LocationVariable} is set, but this test project does not reference PerfAssert.History, so '{result.Name}' was not recorded in the performance history. Add it: dotnet add package PerfAssert.History";
        }

        try
        {
            return await ((Task<string?>)method.Invoke(null, [location, result, cancellationToken])!).ConfigureAwait(false);
        }
        catch (TargetInvocationException ex) when (ex.InnerException is not null)
        {
            return $"'{result.Name}' was not recorded in the performance history ({LocationVariable}): {ex.InnerException.Message}";
        }
    }
}
