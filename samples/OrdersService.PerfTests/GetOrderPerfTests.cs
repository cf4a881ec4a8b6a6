using PerfAssert;
using PerfAssert.Xunit;

namespace OrdersService.PerfTests;

/// <summary>
/// GET /orders/{id}: v2 (source-generated JSON) held to v1, to an allocation budget and to its baseline; under load, to
/// the reference build (GetOrderPerfTests.Load.cs, the same class, so both share one build of the working tree).
/// </summary>
[Collection(OrdersServiceCollection.Name)]
public sealed partial class GetOrderPerfTests(OrdersServiceFixture service, OrdersServiceBuilds builds) : IClassFixture<OrdersServiceBuilds>
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
    // Latency: this working tree's build beside the reference commit's build, interleaved in fresh worker processes, at
    // most 5% slower (times any approved allowance). Allocations: counted in the workers, held to the committed entry.
    [Fact]
    public async Task GetOrder_AgainstTheReferenceBuild_StaysWithinIt()
    {
        await Perf.Measure("GET /orders/42", builds.Client.GetOrderAsync)
            .AgainstBaseline(nameof(GetOrderPerfTests), "GetOrder", builds.Builds)
            .AssertAsync();
    }
    // end-snippet
}
