using PerfAssert.Load;

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
/// <param name="Generator">Where the load generator ran.</param>
/// <param name="GeneratorCpu">CPU time the generator's own process used in the run; <see langword="null"/> in-process, where it cannot be told from the targets'.</param>
/// <param name="ErrorKinds">The errors by kind, when the generator counted them so (the worker and the plan-driven in-process loop do).</param>
public sealed record ThroughputMeasurement(
    string Case, long Requests, long Errors, TimeSpan Elapsed, double P50Us, double P95Us, double P99Us, string? FirstError,
    LoadGenerator Generator = LoadGenerator.InProcess, TimeSpan? GeneratorCpu = null, IReadOnlyList<LoadErrorCount>? ErrorKinds = null)
{
    /// <summary>
    /// The client the generator sent through, as <see cref="LoadResult.Client"/> names it (<c>lean HTTP/1.1</c>,
    /// <c>HttpMessageInvoker</c>); <see langword="null"/> for a run given as a call rather than a plan.
    /// </summary>
    public string? Client { get; init; }

    /// <summary>Correct responses per second.</summary>
    public double RequestsPerSecond => (Requests - Errors) / Elapsed.TotalSeconds;

    /// <summary>The generator's CPU time per request sent, microseconds; <see langword="null"/> when it is not known.</summary>
    public double? GeneratorCpuPerRequestUs => GeneratorCpu is { } cpu && Requests > 0 ? cpu.TotalMicroseconds / Requests : null;
}
