using PerfAssert.Baselines;

namespace PerfAssert.Diagnosis;

/// <summary>
/// A pair whose workers can be recorded while they serve calls: the runtime's CPU samples and sampled allocations of one
/// side's process, kept in a trace file for the user and returned read.
/// </summary>
internal interface IProfiledBuildPair
{
    /// <summary>Records <paramref name="side"/>'s worker into <paramref name="file"/> while <paramref name="during"/> runs.</summary>
    Task<(IReadOnlyList<SampledStack> Cpu, IReadOnlyList<SampledAllocation> Allocations)> ProfileAsync(
        BuildSide side, string file, Func<CancellationToken, Task> during, CancellationToken cancellationToken);
}
