using System.Text.Json;
using System.Text.Json.Serialization;

namespace PerfAssert.Load;

/// <summary>
/// The plan and result as JSON between the test process and the worker. Reflection-based on purpose: System.Text.Json's
/// source generator sets every init-only property it does not find in the JSON to its type's default, losing the plan's
/// documented defaults (dotnet/runtime#84484), so a hand-written plan without <c>Deadline</c> would have none.
/// </summary>
internal static class LoadWorkerJson
{
    /// <summary>The options both sides use: a run with no correct answer has NaN quantiles, written as "NaN".</summary>
    public static JsonSerializerOptions Options { get; } = new(JsonSerializerDefaults.General) { NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals };
}
