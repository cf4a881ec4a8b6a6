namespace PerfAssert.Measurement;

/// <summary>One side of a block comparison: the operation, its warmed-up sample size, whether only its mean counts
/// (the calibration side of an absolute budget), and how many untimed calls go before each timed sample (a side that runs
/// in another process has to wake up after the other side's sample; that cost is not the code's).</summary>
internal sealed record ComparisonSide(Operation Operation, long OpsPerSample, bool MeanOnly = false, int UntimedCalls = 0);
