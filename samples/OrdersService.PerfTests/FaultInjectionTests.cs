using PerfAssert;
using PerfAssert.Hosting;
using PerfAssert.Verdicts;
using PerfAssert.Xunit;

namespace OrdersService.PerfTests;

/// <summary>The budgets bite: the service with its fault switch on fails the allocation budget a healthy one meets.</summary>
[Collection(OrdersServiceCollection.Name)]
public sealed class FaultInjectionTests
{
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
}
