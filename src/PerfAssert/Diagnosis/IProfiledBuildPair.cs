using PerfAssert.Baselines;

namespace PerfAssert.Diagnosis;

/// <summary>
/// A pair whose workers can be recorded while they serve calls: the runtime's CPU samples and sampled allocations of one
/// side's process, kept in a trace file for the user, and read from it. Recording and reading are two steps so that both
/// sides are recorded alike, with nothing else running, and then read at the same time.
/// </summary>
internal interface IProfiledBuildPair
{
    /// <summary>
    /// Records <paramref name="side"/>'s worker into <paramref name="file"/> while <paramref name="during"/> runs; returns
    /// whether the recording's sampling thread ran when its ticks were due (false: a pinned worker's sampling thread could not
    /// be given priority over its request threads, and a short call's CPU is under-counted).
    /// </summary>
    Task<bool> RecordAsync(BuildSide side, string file, Func<CancellationToken, Task> during, CancellationToken cancellationToken);

    /// <summary>Reads what <see cref="RecordAsync"/> recorded of <paramref name="side"/> into <paramref name="file"/>.</summary>
    Task<ProfileRecording> ReadAsync(BuildSide side, string file, CancellationToken cancellationToken);
}
