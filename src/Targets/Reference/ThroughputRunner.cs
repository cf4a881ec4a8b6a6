using PerfAssert.Load;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Reference;

/// <summary>
/// A closed-loop load on one target: <c>concurrency</c> workers each send their next request as soon as the previous one is
/// answered, until <c>requests</c> have been sent or a fixed time has passed. Every answer is checked; a wrong one is an
/// error, never a fast success (the reference's chunked PUT figure timed non-2xx answers). Bounded: every request has a
/// timeout, the whole run a deadline. An HTTP load given as a <see cref="LoadPlan"/> runs in a worker process of its own over
/// loopback and in this process only for an in-memory host; any other call (a WCF client's, say) runs in this process.
/// </summary>
public static class ThroughputRunner
{
    /// <summary>The longest a fixed-time run waits, past its time, for the requests still in flight to be answered.</summary>
    private static readonly TimeSpan Drain = TimeSpan.FromSeconds(30);

    /// <summary>
    /// Runs <paramref name="plan"/>: from a <c>PerfAssert.Load</c> process when <paramref name="endpoints"/> are on
    /// sockets, so the generator takes neither this process's thread pool nor its GC from the targets; in this process when
    /// they are in memory (TestServer), where no other process can reach them. The result says which.
    /// </summary>
    /// <exception cref="LoadWorkerException">The worker crashed, hung past its time or could not reach the target.</exception>
    public static async Task<ThroughputMeasurement> RunAsync(LoadPlan plan, TargetEndpoints endpoints, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(plan);
        ArgumentNullException.ThrowIfNull(endpoints);
        if (endpoints.InMemoryHandler is not { } handler)
        {
            return From(plan.Name, await LoadWorkerProcess.RunAsync(plan, cancellationToken: cancellationToken).ConfigureAwait(false), LoadGenerator.WorkerProcess);
        }

        using var invoker = new HttpMessageInvoker(handler, disposeHandler: false);
        var loop = new LoadLoop(plan, invoker);
        await loop.WarmUpAsync(cancellationToken).ConfigureAwait(false);
        return From(plan.Name, await loop.RunAsync(cancellationToken).ConfigureAwait(false), LoadGenerator.InProcess);
    }

    private static ThroughputMeasurement From(string name, LoadResult result, LoadGenerator generator) =>
        new(name, result.Requests, result.Errors, result.Elapsed, result.P50Us, result.P95Us, result.P99Us, result.FirstError, generator, result.Cpu, result.ErrorKinds)
        {
            Client = result.Client,
        };

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
