using PerfAssert;
using PerfAssert.Xunit;

namespace OrdersService.PerfTests;

/// <summary>GET /orders/{id}: v2 (source-generated JSON) held to v1, to an allocation budget and to its baseline.</summary>
[Collection(OrdersServiceCollection.Name)]
public sealed class GetOrderPerfTests(OrdersServiceFixture service)
{
    /// <summary>
    /// Bytes one GET /orders/42 may allocate, client and in-process server together: 5,082-5,104 B/op measured in four
    /// runs on linux-x64 with .NET 10, plus 3% for what a whole-process count can pick up from other work in the process.
    /// </summary>
    public const double AllocationBudget = 5_250;

    // begin-snippet: relative-budget
    [Fact]
    public async Task GetOrder_SourceGeneratedJson_AtMostTenPercentSlowerThanV1()
    {
        await Perf.Measure("GET /orders/42", service.Client.GetOrderAsync)
            .ComparedTo("GET /v1/orders/42", service.Client.GetOrderV1Async)
            .MeanAtMost(1.10)
            .AssertAsync();
    }
    // end-snippet

    // begin-snippet: allocation-budget
    [Fact]
    public async Task GetOrder_OneRequest_AllocatesWithinBudget()
    {
        await Perf.Measure("GET /orders/42", service.Client.GetOrderAsync)
            .AllocatedBytesAtMost(AllocationBudget)
            .AssertAsync();
    }
    // end-snippet

    // begin-snippet: baseline
    // Allocations are held to the committed baseline. Latency against a baseline recorded in another process is only a
    // warning here: on a shared 2-core runner it moved by more than any useful margin (docs/baselines.md); the relative
    // budget above is the latency gate. On a dedicated runner, leave enforceLatency at its default (true).
    [Fact]
    public async Task GetOrder_AgainstCommittedBaseline_StaysWithinIt()
    {
        await Perf.Measure("GET /orders/42", service.Client.GetOrderAsync)
            .AgainstBaseline(nameof(GetOrderPerfTests), "GetOrder", enforceLatency: false)
            .AssertAsync();
    }
    // end-snippet
}
