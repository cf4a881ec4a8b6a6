using PerfAssert;
using PerfAssert.Diagnosis;
using PerfAssert.Hosting;
using PerfAssert.Load.Testing;
using PerfAssert.Verdicts;
using PerfAssert.Xunit;

namespace OrdersService.PerfTests;

/// <summary>The budgets bite: the service with a fault switched on fails the budgets a healthy one meets.</summary>
[Collection(OrdersServiceCollection.Name)]
public sealed class FaultInjectionTests(OrdersServiceFixture service)
{
    /// <summary>
    /// Faults this big need few rounds: five, of 150 ms blocks, after one round of warm-up (about 3.6 s of load). No diagnosis
    /// of the Regression these tests expect (a failing load verdict is otherwise profiled, about 9 s a test): they assert it
    /// themselves, and where the time goes is not their question.
    /// </summary>
    private static readonly Func<LoadOptions, LoadOptions> FewRounds = o => o with
    {
        Rounds = 5,
        WarmupRounds = 1,
        BlockDuration = TimeSpan.FromMilliseconds(150),
        Diagnosis = DiagnosisMode.Never,
    };

    // begin-snippet: bite
    [Fact]
    public async Task GetOrder_ExtraAllocationPerRequest_IsARegression()
    {
        // 4 KB more per request, as an accidental buffer copy would add: most of the allocation budget again.
        var faulty = new ServiceHostOptions
        {
            Environment = "Production",
            ConfigureWebHost = web => web.UseSetting("Faults:ExtraBytesPerRequest", "4096"),
        };
        await using var host = await ServiceHost<Program>.StartAsync(faulty, TestContext.Current.CancellationToken);
        using var client = new OrdersClient(host.CreateClient());

        // RunAsync judges without throwing, so the test can assert on the verdict it expects to fail.
        var result = await Perf.Measure("GET /orders/42 with 4 KB extra", client.GetOrderAsync)
            .AllocatedBytesAtMost(GetOrderPerfTests.AllocationBudget)
            .RunAsync(TestContext.Current.CancellationToken);
        PerfTestBuilderExtensions.Report(result, TestContext.Current);

        var allocation = Assert.Single(result.Verdicts);
        Assert.Equal(VerdictOutcome.Regression, allocation.Outcome);
        Assert.True(result.Failed, allocation.Message);
        Assert.InRange(allocation.Measured.Estimate, GetOrderPerfTests.AllocationBudget + 1_000, GetOrderPerfTests.AllocationBudget + 4_200);
    }
    // end-snippet

    // begin-snippet: load-bite
    [Fact]
    public async Task GetOrder_LockHeldOnEveryRequest_FailsItsLoadBudget()
    {
        // 100 us under one process-wide lock: unnoticeable one call at a time, a queue at concurrency 32.
        var result = await LoadAgainstTheHealthyServiceAsync("Faults:LockMicrosecondsPerRequest", "100", "GET /orders/42 behind a lock");

        Assert.True(result.Failed, result.Text);
        Assert.Equal(VerdictOutcome.Regression, result.Verdicts.Single(v => v.Metric == "requests/s ratio").Outcome);
    }

    /// <summary>A second host of the service with one fault switched on, its GET /orders/42 loaded against the healthy one's.</summary>
    private async Task<LoadTestResult> LoadAgainstTheHealthyServiceAsync(string setting, string value, string name)
    {
        await using var faulty = await StartWithFaultAsync(setting, value);
        var result = await LoadTest.Of(await OrderLoad.GetAsync(faulty.BaseAddress, "/orders/42", name))
            .ComparedTo(await OrderLoad.GetAsync(service.Address, "/orders/42"))
            .RequestsPerSecondAtLeast(0.90)
            .WithOptions(FewRounds)
            .RunAsync(TestContext.Current.CancellationToken);
        TestContext.Current.TestOutputHelper?.WriteLine(result.Text);
        return result;
    }
    // end-snippet

    [Fact]
    public async Task GetOrder_ExtraCpuWorkPerRequest_FailsItsLoadBudget()
    {
        // 30 us more CPU work on every request, as a slower code path would add.
        var result = await LoadAgainstTheHealthyServiceAsync("Faults:ExtraCpuMicrosecondsPerRequest", "30", "GET /orders/42 with 30 us more work");

        Assert.True(result.Failed, result.Text);
        Assert.Equal(VerdictOutcome.Regression, result.Verdicts.Single(v => v.Metric == "requests/s ratio").Outcome);
    }

    private static Task<ServiceHost<Program>> StartWithFaultAsync(string setting, string value) => ServiceHost<Program>.StartAsync(
        new ServiceHostOptions { Environment = "Production", ConfigureWebHost = web => web.UseSetting(setting, value) },
        TestContext.Current.CancellationToken);
}
