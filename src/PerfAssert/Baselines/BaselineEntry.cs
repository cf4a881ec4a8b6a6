namespace PerfAssert.Baselines;

/// <summary>What one test measured when its baseline was accepted.</summary>
public sealed record BaselineEntry
{
    /// <summary>Where it was recorded.</summary>
    public required BaselineEnvironment Environment { get; init; }

    /// <summary>Allocated bytes per operation (exact).</summary>
    public required double AllocatedBytesPerOp { get; init; }

    /// <summary>Generation 0 collections per 1,000 operations.</summary>
    public required double Gen0PerThousandOps { get; init; }

    /// <summary>Generation 1 collections per 1,000 operations.</summary>
    public required double Gen1PerThousandOps { get; init; }

    /// <summary>Generation 2 collections per 1,000 operations.</summary>
    public required double Gen2PerThousandOps { get; init; }

    /// <summary>Mean latency as a ratio to the same-run calibration workload.</summary>
    public required BaselineRatio CalibrationRatio { get; init; }

    /// <summary>Mean latency as a ratio to the partner, for tests that have one.</summary>
    public BaselineRatio? PartnerRatio { get; init; }

    /// <summary>Operations per allocation repeat behind the allocation figures.</summary>
    public required long AllocationOps { get; init; }

    /// <summary>
    /// Where the allocation figures were counted: absent for the test's own process, <c>worker</c> for the service's worker
    /// process of a baseline-build comparison. A run measuring in another scope treats the figures as advisory.
    /// </summary>
    public string? AllocationScope { get; init; }

    /// <summary>
    /// An approved latency regression against the reference build: the ratio of this entry's mean latency to the reference
    /// build's that the accepted run estimated (rounded up to three decimals), written by accepting a candidate. Absent means
    /// 1 (as fast as the reference). The budget is this times one plus the margin, or the <see cref="LatencyRatio"/>'s
    /// rerun bound when that is higher (see <see cref="BaselineRatio.RerunBound"/>); the reference commit itself does not
    /// move, so further slowdowns are still measured against it.
    /// </summary>
    public double? LatencyAllowance { get; init; }

    /// <summary>
    /// The ratio working tree / reference build, with its interval, that the run behind <see cref="LatencyAllowance"/>
    /// measured: the allowance is its estimate, and its interval says how precisely the approved slowdown is known (a reviewer
    /// sees it in the diff; a wide one makes a loose budget). Present exactly when an allowance is.
    /// </summary>
    public BaselineRatio? LatencyRatio { get; init; }
}
