using System.Text.Json;

namespace OrdersService;

/// <summary>The v1 endpoints' serializer settings: reflection-based, as the service had before source generation.</summary>
internal static class LegacyJson
{
    public static readonly JsonSerializerOptions Options = new(JsonSerializerDefaults.Web);
}
