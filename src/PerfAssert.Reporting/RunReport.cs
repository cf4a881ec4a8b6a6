using PerfAssert.Environments;
using PerfAssert.Verdicts;

namespace PerfAssert.Reporting;

/// <summary>
/// The results of one test run (the files the xUnit adapter writes to <c>TestResults/perfassert</c>) as one model the
/// summary renderers read: a headline that counts the verdicts, every verdict with failures first, and what was measured.
/// A pure value: building or rendering it measures nothing and touches no files.
/// </summary>
public sealed class RunReport
{
    private IReadOnlyList<VerdictRow>? _verdicts;
    private IReadOnlyList<PerfResult>? _ordered;

    /// <summary>Creates a report over results given in any order.</summary>
    public RunReport(IReadOnlyList<PerfResult> results)
    {
        ArgumentNullException.ThrowIfNull(results);
        if (results.Any(r => r is null || r.Verdicts is null || r.Verdicts.Any(v => v is null)))
        {
            throw new ArgumentException("The results contain a null result or a null verdict.", nameof(results));
        }

        Results = results;
    }

    /// <summary>The word the headline starts with.</summary>
    /// <value>The default is <c>PerfAssert</c>.</value>
    public string Title { get; init; } = "PerfAssert";

    /// <summary>The results as given.</summary>
    public IReadOnlyList<PerfResult> Results { get; }

    /// <summary>
    /// Every verdict in a stable order: those that fail their test first, then by outcome from worst (Invalid) to best
    /// (Pass), then by test name (ordinal); a test's verdicts keep their order.
    /// </summary>
    public IReadOnlyList<VerdictRow> Verdicts => _verdicts ??= Results
        .SelectMany(r => r.Verdicts.Select(v => new VerdictRow(r, v)))
        .OrderBy(row => row.Fails ? 0 : 1)
        .ThenByDescending(row => row.Verdict.Outcome)
        .ThenBy(row => row.Result.Name, StringComparer.Ordinal)
        .ToList();

    /// <summary>The results in the same order: failing tests first, then by worst outcome, then by name (ordinal).</summary>
    public IReadOnlyList<PerfResult> OrderedResults => _ordered ??= Results
        .OrderBy(r => r.Failed ? 0 : 1)
        .ThenByDescending(r => r.Outcome)
        .ThenBy(r => r.Name, StringComparer.Ordinal)
        .ToList();

    /// <summary>How many tests fail (see <see cref="PerfResult.Failed"/>).</summary>
    public int FailedTests => Results.Count(r => r.Failed);

    /// <summary>
    /// The title and the verdicts counted by outcome, worst first, for example
    /// <c>PerfAssert: 2 regressions, 1 inconclusive, 40 passed</c>. Advisory regressions are counted apart; tests without
    /// a budget count as <c>measured only</c>.
    /// </summary>
    public string Headline
    {
        get
        {
            var verdicts = Results.SelectMany(r => r.Verdicts).ToList();
            (int Count, string One, string Many)[] counts =
            [
                (verdicts.Count(v => v.Outcome == VerdictOutcome.Invalid), "invalid", "invalid"),
                (verdicts.Count(v => v.Outcome == VerdictOutcome.NoBaseline), "without baseline", "without baseline"),
                (verdicts.Count(v => v.Outcome == VerdictOutcome.Regression && !v.Advisory), "regression", "regressions"),
                (verdicts.Count(v => v.Outcome == VerdictOutcome.Regression && v.Advisory), "advisory regression", "advisory regressions"),
                (verdicts.Count(v => v.Outcome == VerdictOutcome.Inconclusive), "inconclusive", "inconclusive"),
                (verdicts.Count(v => v.Outcome == VerdictOutcome.Improved), "improved", "improved"),
                (verdicts.Count(v => v.Outcome == VerdictOutcome.Pass), "passed", "passed"),
                (Results.Count(r => r.Verdicts.Count == 0), "measured only", "measured only"),
            ];
            var parts = counts.Where(c => c.Count > 0).Select(c => $"{c.Count} {(c.Count == 1 ? c.One : c.Many)}").ToList();
            return $"{Title}: {(parts.Count == 0 ? "no results" : string.Join(", ", parts))}";
        }
    }

    /// <summary>The distinct machines the results were measured on, in order of first appearance.</summary>
    public IReadOnlyList<EnvironmentInfo> Environments => Results.Select(r => r.Environment).Distinct().ToList();
}
