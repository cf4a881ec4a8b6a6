using System.Text.Json;
using System.Text.Json.Serialization;

namespace PerfAssert.Reporting;

/// <summary>The JSON form of results: stable property order, enums as names, infinities as strings, invariant numbers.</summary>
public static class PerfJson
{
    /// <summary>The serializer options every PerfAssert JSON file uses.</summary>
    public static JsonSerializerOptions Options { get; } = new(JsonSerializerDefaults.Web)
    {
        WriteIndented = true,
        NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
        DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
        Converters = { new JsonStringEnumConverter() },
    };

    /// <summary>Serializes a result.</summary>
    public static string Serialize(PerfResult result) => JsonSerializer.Serialize(result, Options);

    /// <summary>Serializes many results.</summary>
    public static string Serialize(IEnumerable<PerfResult> results) => JsonSerializer.Serialize(results, Options);
}
