using PerfAssert;
using PerfAssert.Xunit;

namespace OrdersService.PerfTests;

/// <summary>POST /orders/quote: the v2 calculator held to v1, to an allocation budget and to its baseline.</summary>
[Collection(OrdersServiceCollection.Name)]
public sealed class QuotePerfTests(OrdersServiceFixture service)
{
    /// <summary>
    /// Bytes one POST /orders/quote of the eight-line cart may allocate, client and in-process server together: 8,985 B/op
    /// measured on linux-x64 with .NET 10, plus headroom for the few percent a whole-process count moves between runs.
    /// </summary>
    public const double AllocationBudget = 9_900;

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
    public async Task Quote_AgainstCommittedBaseline_StaysWithinIt()
    {
        await Perf.Measure("POST /orders/quote", service.Client.QuoteAsync)
            .AgainstBaseline(nameof(QuotePerfTests), "Quote", enforceLatency: false)
            .AssertAsync();
    }
}
