namespace PerfAssert.Targets.Reference;

/// <summary>
/// A closed-loop load on one target: <c>concurrency</c> workers each send their next request as soon as the previous one is
/// answered, until <c>requests</c> have been sent (<see cref="RunAsync"/>) or a fixed time has passed (<see cref="RunForAsync"/>).
/// Every answer is checked; a wrong one is an error, never a fast success (the reference's chunked PUT figure timed non-2xx
/// answers). Bounded: every request has a timeout, the whole run a deadline.
/// </summary>
public static class ThroughputRunner
{
    /// <summary>The longest a fixed-time run waits, past its time, for the requests still in flight to be answered.</summary>
    private static readonly TimeSpan Drain = TimeSpan.FromSeconds(30);

    /// <summary>Sends <paramref name="requests"/> requests. <paramref name="request"/> returns null for a correct answer, or what was wrong.</summary>
    public static async Task<ThroughputMeasurement> RunAsync(
        string name, Func<CancellationToken, Task<string?>> request, int requests, int concurrency, TimeSpan deadline, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(requests, 1);
        var issued = -1;
        var measurement = await RunCoreAsync(name, request, concurrency, deadline, _ => Interlocked.Increment(ref issued) < requests, cancellationToken).ConfigureAwait(false);
        // Requests the deadline left unsent count as errors: the run was asked for all of them.
        return measurement with { Errors = measurement.Errors + (requests - measurement.Requests) };
    }

    /// <summary>
    /// Sends requests for <paramref name="duration"/>: no worker starts one after that, and the ones in flight are answered
    /// and counted (for at most 30 s more). Requests/s is the correct answers over the whole time.
    /// </summary>
    public static async Task<ThroughputMeasurement> RunForAsync(
        string name, Func<CancellationToken, Task<string?>> request, TimeSpan duration, int concurrency, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(duration, TimeSpan.Zero);
        return await RunCoreAsync(name, request, concurrency, duration + Drain, elapsed => elapsed < duration, cancellationToken).ConfigureAwait(false);
    }

    private static async Task<ThroughputMeasurement> RunCoreAsync(
        string name, Func<CancellationToken, Task<string?>> request, int concurrency, TimeSpan deadline, Func<TimeSpan, bool> another, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        ArgumentOutOfRangeException.ThrowIfLessThan(concurrency, 1);
        using var overall = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        overall.CancelAfter(deadline);
        long errors = 0;
        string? firstError = null;
        var clock = TimeProvider.System;
        var started = clock.GetTimestamp();

        async Task<List<double>> WorkerAsync()
        {
            // Each worker keeps its own answers' latencies (correct ones only) and counts every request it sent.
            var good = new List<double>();
            while (another(clock.GetElapsedTime(started)))
            {
                var sent = clock.GetTimestamp();
                string? problem;
                try
                {
                    problem = await request(overall.Token).ConfigureAwait(false);
                }
                // CommunicationException and TimeoutException: what the WCF client throws for a failed call or connection.
                catch (Exception ex) when (ex is HttpRequestException or IOException or TaskCanceledException or InvalidOperationException
                    or System.ServiceModel.CommunicationException or TimeoutException)
                {
                    problem = overall.IsCancellationRequested ? $"the run's deadline of {deadline} passed" : ex.GetType().Name + ": " + ex.Message;
                }

                if (problem is null)
                {
                    good.Add(clock.GetElapsedTime(sent).TotalMicroseconds);
                }
                else
                {
                    Interlocked.Increment(ref errors);
                    Interlocked.CompareExchange(ref firstError, problem, null);
                }
            }

            return good;
        }

        var workers = await Task.WhenAll(Enumerable.Range(0, concurrency).Select(_ => Task.Run(WorkerAsync, CancellationToken.None))).ConfigureAwait(false);
        var elapsed = clock.GetElapsedTime(started);
        var latencies = workers.SelectMany(w => w).Order().ToArray();
        return new ThroughputMeasurement(name, latencies.Length + errors, errors, elapsed, Percentile(latencies, 0.5), Percentile(latencies, 0.95), Percentile(latencies, 0.99), firstError);
    }

    private static double Percentile(double[] sorted, double p) =>
        sorted.Length == 0 ? double.NaN : sorted[Math.Min(sorted.Length - 1, (int)Math.Ceiling(p * sorted.Length) - 1)];
}
