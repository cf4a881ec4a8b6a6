using System.Text.Json.Serialization;

namespace OrdersService.Orders;

/// <summary>Where an order is; written as its name in JSON.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<OrderStatus>))]
public enum OrderStatus
{
    Placed,
    Shipped,
    Delivered,
}
