namespace PerfAssert.Measurement;

/// <summary>What was measured of one operation in a run, as data for reports and baselines.</summary>
public sealed record OperationSummary
{
    /// <summary>The operation's name.</summary>
    public required string Name { get; init; }

    /// <summary>Operations per sample chosen by warm-up.</summary>
    public required long OpsPerSample { get; init; }

    /// <summary>Mean nanoseconds per operation: pooled over the comparison blocks, or over settled warm-up samples.</summary>
    public required double MeanNs { get; init; }

    /// <summary>Whether warm-up saw timings settle before its time ran out.</summary>
    public required bool WarmupSettled { get; init; }

    /// <summary>Per-call latency, when asked for.</summary>
    public LatencyDistribution? PerCall { get; init; }

    /// <summary>Allocations and GC counts, when a budget or the test asked for them.</summary>
    public AllocationMeasurement? Allocations { get; init; }

    /// <summary>Mean latency as a ratio to the same-run calibration workload: comparable across machines of one class.</summary>
    public double? CalibrationRatio { get; init; }
}
