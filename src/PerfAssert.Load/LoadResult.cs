using System.Text.Json.Serialization;

namespace PerfAssert.Load;

/// <summary>What a load run measured. Only correct answers count towards the latency quantiles.</summary>
/// <param name="Requests">Requests the run was to send (count-limited) or sent (fixed-time); those not answered correctly are <paramref name="Errors"/>.</param>
/// <param name="Errors">Requests that failed, timed out, were never sent before the deadline, or were answered wrongly.</param>
/// <param name="Elapsed">Wall time of the measured run (the warm-up excluded).</param>
/// <param name="P50Us">Median latency of correct answers, microseconds (NaN when there were none).</param>
/// <param name="P95Us">95th percentile, microseconds.</param>
/// <param name="P99Us">99th percentile, microseconds.</param>
/// <param name="ErrorKinds">The errors by kind, most frequent first.</param>
/// <param name="FirstError">The first error of the run.</param>
/// <param name="Cpu">
/// CPU time (user and kernel) the generator's process used during the measured run: <c>Process.TotalProcessorTime</c> at its
/// end less at its start; <see langword="null"/> when the generator shares its process with the target (in-process).
/// </param>
/// <param name="ProcessCpu">The worker's <c>Process.TotalProcessorTime</c> at its end (start-up and warm-up included), or null.</param>
public sealed record LoadResult(
    long Requests, long Errors, TimeSpan Elapsed, double P50Us, double P95Us, double P99Us, IReadOnlyList<LoadErrorCount> ErrorKinds, string? FirstError,
    TimeSpan? Cpu = null, TimeSpan? ProcessCpu = null)
{
    /// <summary>
    /// The client that sent the requests: <c>lean HTTP/1.1</c> (the worker's own client, over plain http://) or
    /// <c>HttpMessageInvoker</c> (h2c, https:// and in-memory hosts); <see langword="null"/> when not said.
    /// </summary>
    public string? Client { get; init; }

    /// <summary>Correct answers per second over the run's time (0 for a run that took none); not part of the worker's JSON.</summary>
    [JsonIgnore]
    public double RequestsPerSecond => Elapsed > TimeSpan.Zero ? (Requests - Errors) / Elapsed.TotalSeconds : 0;
}
