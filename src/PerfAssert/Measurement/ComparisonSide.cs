namespace PerfAssert.Measurement;

/// <summary>One side of a block comparison: the operation, its warmed-up sample size, and whether only its mean counts
/// (the calibration side of an absolute budget).</summary>
internal sealed record ComparisonSide(Operation Operation, long OpsPerSample, bool MeanOnly = false);
