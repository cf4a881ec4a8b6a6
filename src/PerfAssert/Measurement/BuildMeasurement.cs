namespace PerfAssert.Measurement;

/// <summary>
/// What a baseline-build comparison measured: the ratio of the working tree's latency to the reference build's (with its
/// confirmation on fresh process pairs run the other way round), and each build's allocations counted in its workers.
/// </summary>
/// <param name="Latency">The comparison decided over process pairs, the working tree over the reference build, with every
/// pair's blocks; <see langword="null"/> when no reference build could be had.</param>
/// <param name="Calibration">The working tree's latency against the calibration workload: advisory, and what a candidate
/// records for runs without a reference build.</param>
/// <param name="Current">The working tree's allocations: the smaller of its workers' figures.</param>
/// <param name="Baseline">The reference build's allocations, measured the same way.</param>
/// <param name="NoiseBytesPerOp">The largest difference seen between measurements that should agree: the two workers of
/// each build, and the quiet repeats within any worker.</param>
/// <param name="Pairs">How many process pairs the comparison used, the confirmation's included.</param>
/// <param name="OpsPerSample">Calls per timed sample, the same for both builds.</param>
/// <param name="WarmupSettled">Whether every worker's warm-up settled (timings agreed and its JIT went quiet) before its time ran out.</param>
internal sealed record BuildMeasurement(
    PairVerdict? Latency, Comparison Calibration, AllocationMeasurement Current, AllocationMeasurement Baseline, double NoiseBytesPerOp, int Pairs, long OpsPerSample, bool WarmupSettled)
{
    /// <summary>How many of the pairs (the first ones and an extension's) were kept warm from an earlier verdict (<see cref="Baselines.IBaselineBuilds.StartOrReusePairAsync"/>) rather than started for this one.</summary>
    public int ReusedPairs { get; init; }
}
