namespace PerfAssert.Embedding.Tests;

/// <summary>
/// The test classes whose verdicts rest on timings (latency against the reference build): they run one after another,
/// after the untimed classes (consumers whose budgets are allocations, counted exactly), which run side by side. The
/// packed packages they all use are one <see cref="PackedSample"/> for the assembly.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class MeasuresAloneCollection
{
    public const string Name = "Measures alone";
}
