namespace OrdersService.Orders;

/// <summary>The placed orders, in memory: 1,000 orders generated from the catalog with a fixed seed.</summary>
public sealed class OrderStore
{
    private static readonly string[] Customers = ["Contoso", "Fabrikam", "Northwind", "Tailspin", "Woodgrove", "Adventure Works"];

    private readonly Dictionary<int, Order> _orders;

    public OrderStore(Catalog catalog)
    {
        ArgumentNullException.ThrowIfNull(catalog);
        var random = new Random(20_240_601);
        _orders = Enumerable.Range(1, 1_000).Select(id => Generate(id, catalog, random)).ToDictionary(o => o.Id);
    }

    /// <summary>Finds an order by id.</summary>
    public bool TryGet(int id, out Order order) => _orders.TryGetValue(id, out order!);

    private static Order Generate(int id, Catalog catalog, Random random)
    {
        var lines = Enumerable.Range(0, random.Next(1, 9))
            .Select(_ => catalog.Products[random.Next(catalog.Products.Count)])
            .Select(p => new OrderLine(p.Sku, p.Description, random.Next(1, 13), p.Price))
            .ToList();
        var placed = new DateOnly(2024, 1, 1).AddDays(id % 365);
        return new Order(id, Customers[id % Customers.Length], placed, (OrderStatus)(id % 3), lines, lines.Sum(l => l.Quantity * l.UnitPrice));
    }
}
