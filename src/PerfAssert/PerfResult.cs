using PerfAssert.Environments;
using PerfAssert.Measurement;
using PerfAssert.Verdicts;

namespace PerfAssert;

/// <summary>Everything a performance test measured and concluded, as data (for reports, baselines and adapters).</summary>
public sealed record PerfResult
{
    /// <summary>The measured operation's name, as given to <c>Perf.Measure(name, ...)</c>.</summary>
    public required string Name { get; init; }

    /// <summary>
    /// The test that produced this result, as the test framework names it (with a theory's arguments), when an adapter ran
    /// it; several tests that measure the same operation are told apart by it, in results files and reports.
    /// </summary>
    public string? Test { get; init; }

    /// <summary>
    /// The test assembly's name, when an adapter ran the test; with <see cref="Test"/> and <see cref="Name"/> it identifies
    /// the operation across runs (in the performance history).
    /// </summary>
    public string? Assembly { get; init; }

    /// <summary>One verdict per budget.</summary>
    public required IReadOnlyList<Verdict> Verdicts { get; init; }

    /// <summary>The measured operation.</summary>
    public required OperationSummary Subject { get; init; }

    /// <summary>The partner of relative budgets, if any.</summary>
    public OperationSummary? Partner { get; init; }

    /// <summary>The same-run calibration workload.</summary>
    public required CalibrationSummary Calibration { get; init; }

    /// <summary>The machine and runtime.</summary>
    public required EnvironmentInfo Environment { get; init; }

    /// <summary>The seed of the random block orders; pass it as <see cref="PerfOptions.Seed"/> to repeat the run's orders.</summary>
    public required int Seed { get; init; }

    /// <summary>How long the run took.</summary>
    public required TimeSpan Duration { get; init; }

    /// <summary>The baseline file this test is judged against, if any (for finding orphaned baselines).</summary>
    public string? BaselineFile { get; init; }

    /// <summary>The baseline entry's id, if any.</summary>
    public string? BaselineId { get; init; }

    /// <summary>
    /// For a test judged against the reference build, every fresh process pair the latency verdict measured, with its
    /// blocks: which pass it belonged to, which worker went first, both builds' time per call in each block, and whether it
    /// was dropped as an outlier, so anyone can re-analyse the verdict. <see langword="null"/> for other tests, and in
    /// results files written before it was recorded.
    /// </summary>
    public IReadOnlyList<BuildPairEvidence>? BuildPairs { get; init; }

    /// <summary>Whether Inconclusive fails (strict mode).</summary>
    public required bool Strict { get; init; }

    /// <summary>Whether any verdict fails the test.</summary>
    public bool Failed => Verdicts.Any(v => v.Fails(Strict));

    /// <summary>The worst outcome across verdicts (Pass when there are none).</summary>
    public VerdictOutcome Outcome => Verdicts.Count == 0 ? VerdictOutcome.Pass : Verdicts.Max(v => v.Outcome);

    /// <summary>Every verdict's message, one per line.</summary>
    public string Summary => string.Join(System.Environment.NewLine, Verdicts.Select(v => v.Message));
}
