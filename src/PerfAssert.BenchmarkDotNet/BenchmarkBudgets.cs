namespace PerfAssert.BenchmarkDotNet;

/// <summary>
/// The budgets every case of a benchmark class is held to, declared once per class (or per method with
/// <see cref="BenchmarkBudgetAttribute"/>). Relative budgets compare each benchmark with the class's
/// <c>[Benchmark(Baseline = true)]</c> method for the same parameters, measured interleaved in the same run.
/// </summary>
public sealed record BenchmarkBudgets
{
    /// <summary>Each benchmark's mean latency at most this many times the baseline method's (for example 1.10).
    /// <value>The default is <see langword="null"/>: no relative latency budget.</value></summary>
    public double? MeanAtMostBaseline { get; init; }

    /// <summary>Each benchmark allocates at most as many bytes per operation as the baseline method, plus
    /// <see cref="ExtraBytesOverBaseline"/>; needs <c>[MemoryDiagnoser]</c> on the class.
    /// <value>The default is <see langword="false"/>.</value></summary>
    public bool AllocationsAtMostBaseline { get; init; }

    /// <summary>The bytes per operation a benchmark may allocate above the baseline method.
    /// <value>The default is 0.</value></summary>
    public double ExtraBytesOverBaseline { get; init; }

    /// <summary>
    /// The committed baseline file (<c>baselines/{BaselineFile}.json</c>) every case is judged against, with the case's id
    /// (for example <c>Format(Rows: 100)</c>) as the entry id: allocations exact (with <c>[MemoryDiagnoser]</c>) and the
    /// mean latency as a ratio to the baseline method, or to the calibration workload for the baseline method itself.
    /// <value>The default is <see langword="null"/>: no committed baseline.</value></summary>
    public string? BaselineFile { get; init; }

    /// <summary>With <see cref="BaselineFile"/>: whether the latency ratio to the calibration workload fails the test (it
    /// moves between processes; the ratio to the baseline method is always enforced).
    /// <value>The default is <see langword="false"/>: advisory.</value></summary>
    public bool EnforceCalibrationLatency { get; init; }

    /// <summary>Where <see cref="BaselineFile"/> is read and candidates are written.
    /// <value>The default is <see langword="null"/>: <see cref="PerfAssert.Baselines.BaselineStore.Discover"/>.</value></summary>
    public PerfAssert.Baselines.BaselineStore? Store { get; init; }

    /// <summary>The measuring options. <value>The default is <see langword="null"/>: PerfAssert's defaults.</value></summary>
    public PerfOptions? Options { get; init; }

    /// <summary>Throws when a budget is out of range.</summary>
    public void Validate()
    {
        if (MeanAtMostBaseline is { } factor && (!double.IsFinite(factor) || factor <= 0))
        {
            throw new ArgumentOutOfRangeException(nameof(MeanAtMostBaseline), factor, "A relative budget must be a positive factor, for example 1.10.");
        }

        if (!double.IsFinite(ExtraBytesOverBaseline) || ExtraBytesOverBaseline < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(ExtraBytesOverBaseline), ExtraBytesOverBaseline, "Extra bytes must be zero or more.");
        }

        Options?.Validate();
    }
}
