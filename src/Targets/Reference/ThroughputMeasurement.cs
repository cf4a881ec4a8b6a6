namespace PerfAssert.Targets.Reference;

/// <summary>What a throughput run measured. Only successful, correct responses count towards the rate and the percentiles.</summary>
/// <param name="Case">What was loaded, for example <c>POST echo 500 B</c>.</param>
/// <param name="Requests">Requests sent.</param>
/// <param name="Errors">Requests that failed or whose answer was wrong (status, body).</param>
/// <param name="Elapsed">Wall time of the whole run.</param>
/// <param name="P50Us">Median latency of correct responses, microseconds.</param>
/// <param name="P95Us">95th percentile, microseconds.</param>
/// <param name="P99Us">99th percentile, microseconds.</param>
/// <param name="FirstError">The first error seen, for the report.</param>
public sealed record ThroughputMeasurement(string Case, long Requests, long Errors, TimeSpan Elapsed, double P50Us, double P95Us, double P99Us, string? FirstError)
{
    /// <summary>Correct responses per second.</summary>
    public double RequestsPerSecond => (Requests - Errors) / Elapsed.TotalSeconds;
}
