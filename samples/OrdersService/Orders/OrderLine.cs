namespace OrdersService.Orders;

/// <summary>One product on an order.</summary>
public sealed record OrderLine(string Sku, string Description, int Quantity, decimal UnitPrice);
