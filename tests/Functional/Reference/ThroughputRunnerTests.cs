using PerfAssert.Targets.Reference;

namespace PerfAssert.Functional.Reference;

/// <summary>The load driver on synthetic requests: what it counts, and that a fixed-time run stops starting requests on time.</summary>
public sealed class ThroughputRunnerTests
{
    /// <summary>
    /// How long the runs whose every request throws last: half a second, not 50 ms, since a CI run (2026-11-27, both cores
    /// loaded) counted no request at all in 50 ms, its workers starting only after the run's end; a request that throws at
    /// once fills any window with errors.
    /// </summary>
    private static readonly TimeSpan ThrowingRunTime = TimeSpan.FromMilliseconds(500);

    [Fact]
    public async Task RunAsync_EveryFifthAnswerWrong_CountsThemAsErrorsNotRequestsPerSecond()
    {
        var calls = 0;
        async Task<string?> Request(CancellationToken cancellationToken)
        {
            await Task.Yield();
            return Interlocked.Increment(ref calls) % 5 == 0 ? "wrong echo" : null;
        }

        var run = await ThroughputRunner.RunAsync("synthetic", Request, 1_000, 8, TimeSpan.FromSeconds(30), TestContext.Current.CancellationToken);

        Assert.Equal(1_000, run.Requests);
        Assert.Equal(200, run.Errors);
        Assert.Equal("wrong echo", run.FirstError);
        Assert.Equal(800 / run.Elapsed.TotalSeconds, run.RequestsPerSecond, 6);
    }

    [Fact]
    public async Task RunForAsync_FixedTime_StartsNoRequestAfterItAndCountsTheOnesInFlight()
    {
        var latency = TimeSpan.FromMilliseconds(20);
        var duration = TimeSpan.FromMilliseconds(300);
        var started = TimeProvider.System.GetTimestamp();
        var late = 0;
        var answered = 0;
        async Task<string?> Request(CancellationToken cancellationToken)
        {
            if (TimeProvider.System.GetElapsedTime(started) >= duration)
            {
                Interlocked.Increment(ref late);
            }

            // Task.Delay's timer counts whole milliseconds and can wake a fraction early by the high-resolution clock the
            // runner reads; CI once saw a worker fit a 16th request into 300 ms. Wait until 20 ms have really passed.
            var sent = TimeProvider.System.GetTimestamp();
            TimeSpan left;
            while ((left = latency - TimeProvider.System.GetElapsedTime(sent)) > TimeSpan.Zero)
            {
                await Task.Delay(left < TimeSpan.FromMilliseconds(1) ? TimeSpan.FromMilliseconds(1) : left, cancellationToken);
            }

            Interlocked.Increment(ref answered);
            return null;
        }

        var run = await ThroughputRunner.RunForAsync("synthetic", Request, duration, 4, TestContext.Current.CancellationToken);

        // The runner's clock starts a moment after this test's, so a request it starts just before its end can look late here.
        Assert.InRange(late, 0, 4);
        Assert.Equal(answered, run.Requests);
        Assert.Equal(0, run.Errors);
        // Each worker starts its k-th request no sooner than k * 20 ms in, and none at 300 ms or later: at most 15 each.
        Assert.InRange(run.Requests, 4, 4 * 300 / 20);
        Assert.True(run.Elapsed >= duration, $"ran {run.Elapsed}");
        Assert.True(run.P50Us >= 20_000, $"P50 {run.P50Us} us for 20 ms requests");
    }

    [Fact]
    public async Task RunForAsync_RequestThatThrows_IsAnErrorWithItsReason()
    {
        static Task<string?> Request(CancellationToken cancellationToken) => Task.FromException<string?>(new HttpRequestException("connection refused"));

        var run = await ThroughputRunner.RunForAsync("synthetic", Request, ThrowingRunTime, 2, TestContext.Current.CancellationToken);

        Assert.True(run.Requests > 0);
        Assert.Equal(run.Requests, run.Errors);
        Assert.Equal("HttpRequestException: connection refused", run.FirstError);
        Assert.Equal(0, run.RequestsPerSecond);
    }

    [Fact]
    public async Task RunForAsync_WcfClientThatFailsItsTlsHandshake_IsAnErrorNotACrash()
    {
        // What dotnet/wcf's client throws when a NetTcp service closes a connection during the TLS upgrade (seen in the main
        // job's NetTcp configuration experiment, 100 clients handshaking at once on a loaded machine).
        static Task<string?> Request(CancellationToken cancellationToken) =>
            Task.FromException<string?>(new System.ServiceModel.Security.SecurityNegotiationException("Cannot determine the frame size or a corrupted frame was received."));

        var run = await ThroughputRunner.RunForAsync("synthetic", Request, ThrowingRunTime, 2, TestContext.Current.CancellationToken);

        Assert.Equal(run.Requests, run.Errors);
        Assert.Equal("SecurityNegotiationException: Cannot determine the frame size or a corrupted frame was received.", run.FirstError);
    }
}
