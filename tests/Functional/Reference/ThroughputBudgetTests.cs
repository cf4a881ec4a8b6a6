using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;
using PerfAssert.Targets.Services.Throughput;

namespace PerfAssert.Functional.Reference;

/// <summary>
/// A relative throughput budget through the load worker: GET time on a service with an injected slowdown (CPU work per call,
/// <see cref="FaultInjection.ExtraWorkIterations"/>) fails it, the unchanged service passes it. Both sides are measured in the
/// same run, interleaved, against a third, unchanged host: no absolute rate is asserted.
/// </summary>
public sealed class ThroughputBudgetTests
{
    private static readonly ThroughputBudget Budget = new(MinRatio: 0.5);

    /// <summary>About 0.3 ms of CPU per call, several times what GET time costs the service: measured here, a ratio near 0.1.</summary>
    private static readonly FaultInjection Slowdown = new(ExtraWorkIterations: 300_000);

    [Fact]
    public async Task Check_InjectedSlowdownAndUnchangedService_FailsTheSlowOnePassesTheOther()
    {
        using var bounded = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        bounded.CancelAfter(TimeSpan.FromMinutes(3));
        await using var reference = await StartAsync(FaultInjection.None, bounded.Token);
        await using var unchanged = await StartAsync(FaultInjection.None, bounded.Token);
        await using var slowed = await StartAsync(Slowdown, bounded.Token);
        List<ThroughputMeasurement> referenceRuns = [], unchangedRuns = [], slowedRuns = [];

        // A first round warms the service's code (shared by the three hosts) and is not counted. Then interleaved, in turn
        // forwards and backwards, so a machine that gets busier half-way slows every side alike.
        (TargetHost Host, string Name, List<ThroughputMeasurement> Runs)[] sides =
            [(reference, "reference", referenceRuns), (unchanged, "unchanged", unchangedRuns), (slowed, "slowed", slowedRuns)];
        foreach (var (host, name, _) in sides)
        {
            await RunAsync(host, name, bounded.Token);
        }

        for (var round = 0; round < 4; round++)
        {
            foreach (var (host, name, runs) in round % 2 == 0 ? sides : sides.Reverse())
            {
                runs.Add(await RunAsync(host, name, bounded.Token));
            }
        }

        var (partner, same, slow) = (Total(referenceRuns), Total(unchangedRuns), Total(slowedRuns));
        TestContext.Current.TestOutputHelper?.WriteLine($"reference {partner.RequestsPerSecond:#,0}, unchanged {same.RequestsPerSecond:#,0}, slowed {slow.RequestsPerSecond:#,0} req/s");
        Assert.Null(Budget.Check(same, partner));
        var failure = Budget.Check(slow, partner);
        Assert.NotNull(failure);
        Assert.Contains("below the budget of 0.50x (both measured in the same run, load from the WorkerProcess generator).", failure, StringComparison.Ordinal);
        Assert.All(referenceRuns.Concat(unchangedRuns).Concat(slowedRuns), run => Assert.True(run.Errors == 0, $"{run.Case}: {run.Errors} errors; first: {run.FirstError}"));
    }

    [Fact]
    public void Check_PartnerWithNoCorrectAnswer_SaysItCannotCompare()
    {
        var partner = new ThroughputMeasurement("reference", 10, 10, TimeSpan.FromSeconds(1), double.NaN, double.NaN, double.NaN, "status 500");
        var subject = partner with { Case = "subject", Errors = 0 };

        Assert.Equal("reference answered no request correctly (10 errors of 10; first: status 500), so subject cannot be compared with it.", Budget.Check(subject, partner));
    }

    private static Task<TargetHost> StartAsync(FaultInjection faults, CancellationToken cancellationToken) =>
        TargetHost.StartAsync(new TargetHostOptions { Modules = [new ThroughputModule()], Faults = faults }, cancellationToken);

    private static Task<ThroughputMeasurement> RunAsync(TargetHost host, string name, CancellationToken cancellationToken)
    {
        var time = ThroughputCases.All.Single(c => c.Name == ThroughputCases.CaseName("GET time", ThroughputCases.MinimalApis));
        var plan = time.Plan(host.Endpoints, 1, TimeSpan.FromMinutes(1)) with
        {
            Name = name,
            Concurrency = 16,
            Requests = null,
            Duration = TimeSpan.FromSeconds(1),
            WarmupRequests = 500,
        };
        return ThroughputRunner.RunAsync(plan, host.Endpoints, cancellationToken);
    }

    private static ThroughputMeasurement Total(List<ThroughputMeasurement> runs) =>
        runs[0] with
        {
            Requests = runs.Sum(r => r.Requests),
            Errors = runs.Sum(r => r.Errors),
            Elapsed = TimeSpan.FromTicks(runs.Sum(r => r.Elapsed.Ticks)),
        };
}
