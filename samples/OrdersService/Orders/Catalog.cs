namespace OrdersService.Orders;

/// <summary>The products the service sells: a fixed list, the same on every start.</summary>
public sealed class Catalog
{
    private static readonly string[] Kinds = ["Notebook", "Pen", "Stapler", "Desk lamp", "Monitor arm", "Cable tray", "Whiteboard", "Chair mat"];

    private readonly Dictionary<string, Product> _bySku;

    public Catalog()
    {
        Products = Enumerable.Range(1, 200)
            .Select(i => new Product($"SKU-{i:D4}", $"{Kinds[i % Kinds.Length]} model {i}", 2.50m + (i % 37) * 1.25m))
            .ToList();
        _bySku = Products.ToDictionary(p => p.Sku, StringComparer.OrdinalIgnoreCase);
    }

    /// <summary>Every product, in SKU order.</summary>
    public IReadOnlyList<Product> Products { get; }

    /// <summary>Finds a product by SKU, ignoring case.</summary>
    public bool TryFind(string sku, out Product product) => _bySku.TryGetValue(sku, out product!);
}
