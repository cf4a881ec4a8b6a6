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
}
