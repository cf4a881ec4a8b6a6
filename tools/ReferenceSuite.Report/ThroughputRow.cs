namespace PerfAssert.ReferenceSuite.Report;

/// <summary>One throughput case of the reference suite (for example a keep-alive GET at concurrency 100).</summary>
/// <param name="Case">The case's name, for example <c>GET WebApi c=100</c>.</param>
/// <param name="Requests">Requests sent.</param>
/// <param name="Errors">Requests that failed or answered wrongly; they do not count towards <paramref name="RequestsPerSecond"/>.</param>
/// <param name="RequestsPerSecond">Successful, correct responses per second.</param>
/// <param name="P50Us">Median latency in microseconds.</param>
/// <param name="P95Us">95th percentile latency in microseconds.</param>
/// <param name="P99Us">99th percentile latency in microseconds.</param>
public sealed record ThroughputRow(string Case, long Requests, long Errors, double RequestsPerSecond, double P50Us, double P95Us, double P99Us);
