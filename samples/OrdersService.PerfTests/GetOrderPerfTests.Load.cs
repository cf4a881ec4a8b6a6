using PerfAssert.Load.Testing;
using PerfAssert.Verdicts;

namespace OrdersService.PerfTests;

/// <summary>GET /orders/{id} under load against the reference build, with the class's builds of the service.</summary>
public sealed partial class GetOrderPerfTests
{
    // begin-snippet: load-reference-build
    // Under load against the approved build: two fresh pairs of service workers (one of each build), each pair loaded in
    // turn by a load worker of its own, six rounds a pair (about 16 s); the pair is the unit of the interval.
    [Fact]
    public async Task GetOrder_UnderLoad_ServesAtLeastNinetyPercentOfTheReferenceBuild()
    {
        var result = await LoadTest.Of(await OrderLoad.GetAsync(service.Address, "/orders/42"))
            .AgainstReferenceBuild(builds.Builds)
            .RequestsPerSecondAtLeast(0.90)
            .WithOptions(o => o with { BuildPairs = 2, Rounds = 12 })
            .AssertAsync(TestContext.Current.CancellationToken);
        TestContext.Current.TestOutputHelper?.WriteLine(result.Text);
    }
    // end-snippet

    [Fact]
    public async Task GetOrder_LockHeldOnEveryRequestInTheWorkingTree_FailsItsLoadBudgetAgainstTheReferenceBuild()
    {
        // The working tree's workers only, through their configuration: 100 us under one process-wide lock per request.
        using var locked = builds.Builds.With(builds.Builds.Options with
        {
            WorkingTreeSettings = new Dictionary<string, string> { ["Faults:LockMicrosecondsPerRequest"] = "100" },
        });

        // A fault this big needs few rounds: three a pair.
        var result = await LoadTest.Of(await OrderLoad.GetAsync(service.Address, "/orders/42"))
            .AgainstReferenceBuild(locked)
            .RequestsPerSecondAtLeast(0.90)
            .WithOptions(o => o with { BuildPairs = 2, Rounds = 6 })
            .RunAsync(TestContext.Current.CancellationToken);
        TestContext.Current.TestOutputHelper?.WriteLine(result.Text);

        Assert.True(result.Failed, result.Text);
        Assert.Equal(VerdictOutcome.Regression, result.Verdicts.Single(v => v.Metric == "requests/s ratio").Outcome);
    }
}
