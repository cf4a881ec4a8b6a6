namespace OrdersService.Orders;

/// <summary>A placed order as the API returns it.</summary>
public sealed record Order(int Id, string Customer, DateOnly Placed, OrderStatus Status, IReadOnlyList<OrderLine> Lines, decimal Total);
