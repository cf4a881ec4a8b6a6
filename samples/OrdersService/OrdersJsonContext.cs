using System.Text.Json;
using System.Text.Json.Serialization;
using OrdersService.Orders;
using OrdersService.Quotes;

namespace OrdersService;

/// <summary>Compile-time JSON metadata for the v2 endpoints' types (System.Text.Json source generation).</summary>
[JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
[JsonSerializable(typeof(Order))]
[JsonSerializable(typeof(QuoteRequest))]
[JsonSerializable(typeof(Quote))]
internal sealed partial class OrdersJsonContext : JsonSerializerContext;
