using PerfAssert.Verdicts;

namespace PerfAssert.Diagnosis;

/// <summary>When a verdict is diagnosed, and where its files go: shared by the diagnoses between builds and in one process.</summary>
internal static class DiagnosisPolicy
{
    /// <summary>
    /// The verdicts a diagnosis is for, or <see langword="null"/> when none is wanted: the latency and allocation verdicts
    /// among <paramref name="compared"/>, on a Regression that fails the test by default (an advisory one does not), on
    /// every one or never as <see cref="PerfOptions.Diagnosis"/> or the setting <c>PERFASSERT_DIAGNOSE</c> says.
    /// </summary>
    public static HashSet<Verdict>? Wanted(PerfOptions options, IEnumerable<Verdict> compared) => Wanted(options.Diagnosis, compared);

    /// <summary>
    /// The verdicts a diagnosis is for, as <see cref="Wanted(PerfOptions, IEnumerable{Verdict})"/> says, with
    /// <paramref name="configured"/> the mode a test asked for (a load test's <c>LoadOptions.Diagnosis</c>): the ratios
    /// (<c>x</c>) and allocations among <paramref name="compared"/>.
    /// </summary>
    public static HashSet<Verdict>? Wanted(DiagnosisMode configured, IEnumerable<Verdict> compared)
    {
        var mode = Environment.GetEnvironmentVariable("PERFASSERT_DIAGNOSE")?.Trim().ToUpperInvariant() switch
        {
            "ALWAYS" => DiagnosisMode.Always,
            "NEVER" => DiagnosisMode.Never,
            "REGRESSION" => DiagnosisMode.OnRegression,
            _ => configured,
        };
        var candidates = compared.Where(v => v.Unit is "x" or "B/op").ToList();
        var wanted = mode switch
        {
            DiagnosisMode.Always => candidates,
            DiagnosisMode.OnRegression => candidates.Where(v => v.Outcome == VerdictOutcome.Regression && !v.Advisory).ToList(),
            _ => [],
        };
        return wanted.Count == 0 ? null : [.. wanted];
    }

    /// <summary>The one line a verdict ends with when its diagnosis failed: why, from the first line of <paramref name="error"/>'s message.</summary>
    private static string Unavailable(Exception error) => "No diagnosis: " + error.Message.Split('\n')[0].Trim();

    /// <summary>
    /// Runs <paramref name="diagnose"/> and describes what it found against the verdict's differences per call (NaN: no
    /// coverage line); any failure but the caller's cancellation leaves the verdict as it was, with one line saying why.
    /// </summary>
    public static async Task<string> DescribeAsync(
        Func<Task<BuildDiagnosis>> diagnose, double latencyDifferenceNs, double allocationDifferenceBytes, CancellationToken cancellationToken)
    {
        try
        {
            return (await diagnose().ConfigureAwait(false)).Describe(latencyDifferenceNs, allocationDifferenceBytes);
        }
        catch (Exception ex) when (ex is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            return Unavailable(ex);
        }
    }

    /// <summary>The folder a diagnosis of <paramref name="name"/> writes its files to, under the results folder <paramref name="results"/>.</summary>
    public static string Folder(string results, string name) =>
        Path.Combine(results, "diagnosis", string.Create(System.Globalization.CultureInfo.InvariantCulture, $"{Slug(name)}-{DateTime.UtcNow:yyyyMMdd-HHmmss}"));

    /// <summary>
    /// The folder a diagnosis of <paramref name="name"/> writes to when no baselines folder names the results folder (a
    /// comparison in the same run): the results folder this run would write to, else <c>TestResults/perfassert</c> here.
    /// </summary>
    public static string Folder(string name) =>
        Folder(Reporting.ResultFiles.ResolveDirectory() ?? Path.Combine(Directory.GetCurrentDirectory(), "TestResults", "perfassert"), name);

    /// <summary>A folder name for an operation: letters, digits, '.' and '-' kept, anything else '_', at most 60 characters.</summary>
    private static string Slug(string name)
    {
        var slug = new string([.. name.Select(c => char.IsAsciiLetterOrDigit(c) || c is '.' or '-' ? c : '_')]).Trim('_');
        return slug.Length == 0 ? "operation" : slug[..Math.Min(slug.Length, 60)];
    }
}
