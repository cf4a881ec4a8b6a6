using System.Text.Json.Serialization;

namespace PerfAssert.LoadWorker;

/// <summary>The plan and result as JSON between the test process and the worker (source-generated: no reflection at start-up).</summary>
[JsonSourceGenerationOptions(WriteIndented = false, NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals)]
[JsonSerializable(typeof(LoadPlan))]
[JsonSerializable(typeof(LoadResult))]
internal sealed partial class LoadWorkerJson : JsonSerializerContext;
