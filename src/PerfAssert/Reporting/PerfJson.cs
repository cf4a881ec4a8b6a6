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

    /// <summary>Serializes a reference report's data: title, reference stack, results, throughput rows and floor ratios.</summary>
    public static string Serialize(ReferenceReport report)
    {
        ArgumentNullException.ThrowIfNull(report);
        var document = new
        {
            report.Title,
            report.ReferenceStack,
            Results = report.Rows.Select(r => r.Result),
            report.Throughput,
            report.FloorRatios,
        };
        return JsonSerializer.Serialize(document, Options);
    }
}
