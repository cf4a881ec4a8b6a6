using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using PerfAssert.Load;
using PerfAssert.Load.Testing;
using PerfAssert.Verdicts;

namespace PerfAssert.Performance.Load;

/// <summary>
/// Load budgets end to end (issue 42): one worker process loads both sides of the small service in blocks taking turns.
/// The same answer from two paths passes its throughput and P99 budgets; wrong answers fail the error budget, and a partner
/// that answers wrongly makes the comparison Invalid; an unreachable service and a worker killed mid-test are reported by
/// name, with no process left. The sample's own load tests show a lock and extra CPU work caught from the packed packages.
/// </summary>
public sealed class LoadTestTests(LoadTestService service) : IClassFixture<LoadTestService>
{
    // 24 rounds of 100 ms blocks: an A/A ratio's rounds scatter by 6-8% on 2 cores, so about 10 s of load puts the 99%
    // interval within +-5% of 1, clear of the budget 0.9.
    [Fact]
    public async Task SameAnswerFromTwoPaths_AgainstEachOther_PassesThroughputAndP99()
    {
        var result = await LoadTest.Of(service.Plan("GET /hello", "hello"))
            .ComparedTo(service.Plan("GET /hello-again", "hello-again"))
            .RequestsPerSecondAtLeast(0.9)
            .P99AtMost(1.5)
            .WithOptions(o => o with { Rounds = 24, BlockDuration = TimeSpan.FromMilliseconds(100) })
            .RunAsync(TestContext.Current.CancellationToken);

        TestContext.Current.TestOutputHelper?.WriteLine(result.Text);

        Assert.False(result.Failed, result.Text);
        Assert.Equal(["error rate", "requests/s ratio", "P99 latency under load ratio"], result.Verdicts.Select(v => v.Metric));
        Assert.All(result.Verdicts, v => Assert.Contains(v.Outcome, new[] { VerdictOutcome.Pass, VerdictOutcome.Improved }));
        Assert.Equal(4 * (24 + 2), result.Blocks.Count);
        Assert.Contains(">= budget 0.90 (24 rounds of 4 x 100 ms blocks, 99% CI): Pass", result.Verdicts[1].Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task WrongAnswers_FailTheErrorBudget_AndMakeAComparisonWithThePartnerInvalid()
    {
        var right = service.Plan("GET /hello", "hello", concurrency: 4);
        var wrong = service.Plan("GET /wrong", "wrong", concurrency: 4);
        var few = (LoadOptions o) => o with { Rounds = 3, WarmupRounds = 0, BlockDuration = TimeSpan.FromMilliseconds(50) };

        var wrongSubject = await LoadTest.Of(wrong).ComparedTo(right).RequestsPerSecondAtLeast(0.9).WithOptions(few).RunAsync(TestContext.Current.CancellationToken);
        var wrongPartner = await LoadTest.Of(right).ComparedTo(wrong).RequestsPerSecondAtLeast(0.9).WithOptions(few).RunAsync(TestContext.Current.CancellationToken);

        var errors = wrongSubject.Verdicts[0];
        Assert.Equal(("error rate", VerdictOutcome.Regression, 100.0), (errors.Metric, errors.Outcome, errors.Measured.Estimate));
        Assert.Contains("body too long x", errors.Message, StringComparison.Ordinal);
        Assert.Contains("body over the 5 bytes expected at most", errors.Message, StringComparison.Ordinal);
        Assert.True(wrongSubject.Failed);

        Assert.Equal(VerdictOutcome.Pass, wrongPartner.Verdicts[0].Outcome);
        var comparison = wrongPartner.Verdicts[1];
        Assert.Equal(VerdictOutcome.Invalid, comparison.Outcome);
        Assert.Contains("the partner 'GET /wrong' answered wrongly", comparison.Message, StringComparison.Ordinal);
        Assert.True(wrongPartner.Failed);
        var thrown = await Assert.ThrowsAsync<LoadBudgetException>(() => LoadTest.Of(right).ComparedTo(wrong).RequestsPerSecondAtLeast(0.9).WithOptions(few).AssertAsync(TestContext.Current.CancellationToken));
        Assert.Contains("Invalid", thrown.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task UnreachableService_ThrowsNamingItsAddress()
    {
        var closed = new Uri($"http://127.0.0.1:{ClosedPort()}/hello");

        var thrown = await Assert.ThrowsAsync<LoadWorkerException>(() => LoadTest.Of(service.Plan("GET /hello", "hello"))
            .ComparedTo(service.Plan("GET /gone", "hello") with { Target = closed })
            .RequestsPerSecondAtLeast(0.9)
            .RunAsync(TestContext.Current.CancellationToken));

        Assert.Contains($"could not connect to {service.Address}hello or {closed}", thrown.Message, StringComparison.Ordinal);
        Assert.Contains($"Cannot reach {closed} ('GET /gone')", thrown.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task WorkerKilledMidTest_ThrowsWithItsSignalAndLeavesNoProcess()
    {
        var worker = 0;
        var killer = Task.CompletedTask;
        var options = new LoadWorkerOptions
        {
            Started = id =>
            {
                worker = id;
                killer = Task.Run(async () =>
                {
                    await Task.Delay(TimeSpan.FromSeconds(1.5), TestContext.Current.CancellationToken);
                    Process.GetProcessById(id).Kill();
                }, TestContext.Current.CancellationToken);
            },
        };

        var thrown = await Assert.ThrowsAsync<LoadWorkerException>(() => LoadTest.Of(service.Plan("GET /hello", "hello"))
            .WithOptions(o => o with { Rounds = 50, BlockDuration = TimeSpan.FromMilliseconds(100), Worker = options })
            .RunAsync(TestContext.Current.CancellationToken));
        await killer;

        Assert.Contains($"The load worker (process {worker}) loading 'GET /hello'", thrown.Message, StringComparison.Ordinal);
        Assert.Contains("killed by signal 9", thrown.Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentException>(() => Process.GetProcessById(worker));
    }

    private static int ClosedPort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
