namespace OrdersService.PerfTests;

// begin-snippet: collection
/// <summary>The test classes that share one running service.</summary>
[CollectionDefinition(Name)]
public sealed class OrdersServiceCollection : ICollectionFixture<OrdersServiceFixture>
{
    public const string Name = "OrdersService";
}
// end-snippet
