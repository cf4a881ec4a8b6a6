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

    /// <summary>Whether warm-up saw the timed code settle before its time ran out: timings agreed, the JIT compiled and
    /// promoted nothing for a while and for enough calls, and the runtime's call-counting delay was over.</summary>
    public required bool WarmupSettled { get; init; }

    /// <summary>How long warm-up took.</summary>
    public TimeSpan WarmupTime { get; init; }

    /// <summary>Why the timed code cannot be taken as settled (warm-up ran out of time, the JIT compiled or promoted during
    /// the timed blocks, or the timings drifted), or <see langword="null"/> when it was timed on settled code.</summary>
    public string? Unsettled { get; init; }

    /// <summary>Timed blocks during which the JIT compiled or promoted something in the process that ran this operation's
    /// code, out of <see cref="Blocks"/>.</summary>
    public int JitActiveBlocks { get; init; }

    /// <summary>Timed blocks of a comparison (zero when the operation was not compared).</summary>
    public int Blocks { get; init; }

    /// <summary>Per-call latency, when asked for.</summary>
    public LatencyDistribution? PerCall { get; init; }

    /// <summary>Allocations and GC counts, when a budget or the test asked for them.</summary>
    public AllocationMeasurement? Allocations { get; init; }

    /// <summary>Mean latency as a ratio to the same-run calibration workload: comparable across machines of one class.</summary>
    public double? CalibrationRatio { get; init; }
}
