using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using PerfAssert.Load;
using PerfAssert.Load.Testing;
using PerfAssert.Verdicts;

namespace PerfAssert.Performance.Load;

/// <summary>
/// Load budgets end to end (issue 42), on a small service in this process: wrong answers fail the error budget, and a
/// partner that answers wrongly makes the comparison Invalid; an unreachable service and a worker killed mid-test are
/// reported by name, with no process left. The consumer sample's load tests (run from the packed packages by
/// tests/Embedding.Tests) show the budgets passing an unchanged service and catching a lock and extra CPU work, in the
/// same run and against the reference build.
/// </summary>
public sealed class LoadTestTests(LoadTestService service) : IClassFixture<LoadTestService>
{
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
