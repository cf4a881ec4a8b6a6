namespace OrdersService.Orders;

/// <summary>A product in the catalog.</summary>
public sealed record Product(string Sku, string Description, decimal Price);
