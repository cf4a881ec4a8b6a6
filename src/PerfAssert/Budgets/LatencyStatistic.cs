namespace PerfAssert.Budgets;

/// <summary>The latency statistic a budget is on.</summary>
public enum LatencyStatistic
{
    /// <summary>Mean time per operation, timed over batches of operations (the most precise).</summary>
    Mean,

    /// <summary>Median of per-call timings.</summary>
    Median,

    /// <summary>95th percentile of per-call timings.</summary>
    P95,

    /// <summary>99th percentile of per-call timings.</summary>
    P99,
}
