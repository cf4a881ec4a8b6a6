namespace PerfAssert.Measurement;

/// <summary>Per-call latency of an operation, in nanoseconds; percentiles by the Harrell-Davis estimator.</summary>
public sealed record LatencyDistribution(int Calls, double MeanNs, double MedianNs, double P95Ns, double P99Ns, double MaxNs);
