using PerfAssert.Load.Testing;

namespace OrdersService.PerfTests;

/// <summary>GET /orders/{id} under load: v2 held to v1's throughput and P99 at concurrency 32, both loaded in the same run.</summary>
[Collection(OrdersServiceCollection.Name)]
public sealed class GetOrderLoadTests(OrdersServiceFixture service)
{
    // begin-snippet: load-budget
    // One worker process loads v2 and v1 in 150 ms blocks taking turns (ABBA, BAAB, ...; 20 rounds after 2 of warm-up,
    // about 13 s); every answer is checked, and any error or wrong answer fails the test too. Tail latency under load
    // scatters far more than throughput, so its budget is wide.
    [Fact]
    public async Task GetOrder_UnderLoad_ServesAtLeastNinetyPercentOfV1()
    {
        var result = await LoadTest.Of(await OrderLoad.GetAsync(service.Address, "/orders/42"))
            .ComparedTo(await OrderLoad.GetAsync(service.Address, "/v1/orders/42"))
            .RequestsPerSecondAtLeast(0.90)
            .P99AtMost(1.50)
            .AssertAsync(TestContext.Current.CancellationToken);
        TestContext.Current.TestOutputHelper?.WriteLine(result.Text);
    }
    // end-snippet
}
