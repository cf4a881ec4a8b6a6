namespace PerfAssert.Targets.Reference;

/// <summary>
/// A closed-loop load on one target: <c>concurrency</c> workers each send their next request as soon as the previous one is
/// answered, until <c>requests</c> have been sent. Every answer is checked; a wrong one is an error, never a fast success
/// (the reference's chunked PUT figure timed non-2xx answers). Bounded: every request has a timeout, the whole run a deadline.
/// </summary>
public static class ThroughputRunner
{
    /// <summary>Runs the load. <paramref name="request"/> returns null for a correct answer, or what was wrong.</summary>
    public static async Task<ThroughputMeasurement> RunAsync(
        string name, Func<CancellationToken, Task<string?>> request, int requests, int concurrency, TimeSpan deadline, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(request);
        ArgumentOutOfRangeException.ThrowIfLessThan(requests, 1);
        ArgumentOutOfRangeException.ThrowIfLessThan(concurrency, 1);
        using var overall = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        overall.CancelAfter(deadline);
        var latencies = new double[requests];
        var ok = new bool[requests];
        var issued = -1;
        long errors = 0;
        string? firstError = null;
        var clock = TimeProvider.System;
        var started = clock.GetTimestamp();

        async Task WorkerAsync()
        {
            int index;
            while ((index = Interlocked.Increment(ref issued)) < requests)
            {
                var sent = clock.GetTimestamp();
                string? problem;
                try
                {
                    problem = await request(overall.Token).ConfigureAwait(false);
                }
                catch (Exception ex) when (ex is HttpRequestException or IOException or TaskCanceledException or InvalidOperationException)
                {
                    problem = overall.IsCancellationRequested ? $"the run's deadline of {deadline} passed" : ex.GetType().Name + ": " + ex.Message;
                }

                latencies[index] = clock.GetElapsedTime(sent).TotalMicroseconds;
                ok[index] = problem is null;
                if (problem is not null)
                {
                    Interlocked.Increment(ref errors);
                    Interlocked.CompareExchange(ref firstError, problem, null);
                }
            }
        }

        await Task.WhenAll(Enumerable.Range(0, concurrency).Select(_ => Task.Run(WorkerAsync, CancellationToken.None))).ConfigureAwait(false);
        var elapsed = clock.GetElapsedTime(started);
        var sent = Math.Min(requests, issued);
        var good = latencies.Take(sent).Where((_, i) => ok[i]).Order().ToArray();
        return new ThroughputMeasurement(name, sent, errors + (requests - sent), elapsed, Percentile(good, 0.5), Percentile(good, 0.95), Percentile(good, 0.99), firstError);
    }

    private static double Percentile(double[] sorted, double p) =>
        sorted.Length == 0 ? double.NaN : sorted[Math.Min(sorted.Length - 1, (int)Math.Ceiling(p * sorted.Length) - 1)];
}
