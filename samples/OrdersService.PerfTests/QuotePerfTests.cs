using PerfAssert;
using PerfAssert.Xunit;

namespace OrdersService.PerfTests;

/// <summary>POST /orders/quote: the v2 calculator held to v1, to an allocation budget and to its baseline.</summary>
[Collection(OrdersServiceCollection.Name)]
public sealed class QuotePerfTests(OrdersServiceFixture service, OrdersServiceBuilds builds) : IClassFixture<OrdersServiceBuilds>
{
    /// <summary>
    /// Bytes one POST /orders/quote of the eight-line cart may allocate, client and in-process server together: 8,985-9,024
    /// B/op measured in four runs on linux-x64 with .NET 10, plus 3% for what a whole-process count can pick up from other
    /// work in the process.
    /// </summary>
    public const double AllocationBudget = 9_300;

    [Fact]
    public async Task Quote_V2Calculator_AtMostTenPercentSlowerThanV1()
    {
        await Perf.Measure("POST /orders/quote", service.Client.QuoteAsync)
            .ComparedTo("POST /v1/orders/quote", service.Client.QuoteV1Async)
            .MeanAtMost(1.10)
            .AssertAsync();
    }

    [Fact]
    public async Task Quote_EightLineCart_AllocatesWithinBudget()
    {
        await Perf.Measure("POST /orders/quote", service.Client.QuoteAsync)
            .AllocatedBytesAtMost(AllocationBudget)
            .AssertAsync();
    }

    [Fact]
    public async Task Quote_AgainstTheReferenceBuild_StaysWithinIt()
    {
        await Perf.Measure("POST /orders/quote", builds.Client.QuoteAsync)
            .AgainstBaseline(nameof(QuotePerfTests), "Quote", builds.Builds)
            .AssertAsync();
    }
}
