namespace PerfAssert.Baselines;

/// <summary>
/// One pair of worker processes: the service as built from the working tree and as built from the reference commit,
/// started the same way. The measured operation calls whichever side is selected.
/// </summary>
public interface IBuildPair : IAsyncDisposable
{
    /// <summary>Routes the measured operation's calls to <paramref name="side"/> until the next call.</summary>
    void Select(BuildSide side);

    /// <summary>Reads a side's exact allocation, collection and JIT counters.</summary>
    ValueTask<WorkerCounters> ReadCountersAsync(BuildSide side, CancellationToken cancellationToken);

    /// <summary>
    /// Called before the pair is warmed up for an operation: a pair an earlier verdict pinned unpins its workers here, so
    /// they warm up on every core as fresh ones do. Does nothing unless implemented.
    /// </summary>
    ValueTask WarmingUpAsync(CancellationToken cancellationToken) => ValueTask.CompletedTask;

    /// <summary>
    /// Called once both workers are warm, before anything is timed or counted: a pair whose workers start and warm up on
    /// every core pins them here. Does nothing unless implemented.
    /// </summary>
    ValueTask WarmedUpAsync(CancellationToken cancellationToken) => ValueTask.CompletedTask;

    /// <summary>Throws when a worker of this pair has exited, naming it and its last output; called when a measurement failed.</summary>
    void EnsureRunning();

    /// <summary>
    /// The addresses a side's worker listens on, in the order its server reported them, for a client in another process (a
    /// load worker). Throws <see cref="NotSupportedException"/> unless implemented.
    /// </summary>
    IReadOnlyList<Uri> Addresses(BuildSide side) => throw new NotSupportedException($"{GetType().Name} does not say where its workers listen, so a load worker cannot reach them.");
}
