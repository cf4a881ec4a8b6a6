using System.Reflection;
using PerfAssert.Baselines;
using PerfAssert.Budgets;
using PerfAssert.Measurement;

namespace PerfAssert;

/// <summary>What to measure and judge: built by <see cref="PerfTestBuilder"/>, run by the engine.</summary>
internal sealed record PerfPlan(
    string Name,
    Operation Subject,
    Operation? Partner,
    IReadOnlyList<Budget> Budgets,
    PerfOptions Options,
    AllocationScope AllocationScope,
    bool MeasureAllocations,
    int PercentileCalls,
    IReadOnlyList<Assembly> AssembliesUnderTest,
    BaselineStore? Store);
