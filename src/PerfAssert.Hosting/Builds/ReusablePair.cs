using PerfAssert.Baselines;
using PerfAssert.Diagnosis;

namespace PerfAssert.Hosting.Builds;

/// <summary>
/// A pair of <see cref="ServiceBuilds"/> that goes back to it, running and warm, when the verdict measuring it is done
/// (<see cref="ServiceBuildsOptions.ReuseWarmPairs"/>), if the engine said the measurement went through; otherwise, or
/// when the instance keeps enough pairs already, disposing it stops its workers.
/// </summary>
internal sealed class ReusablePair(WorkerPair pair, string commit, bool reused, Func<string, WorkerPair, bool> keep) : IBuildPair, IReusableBuildPair, IProfiledBuildPair
{
    private int _completed;
    private int _disposed;

    public bool Reused => reused;

    public void Completed() => Interlocked.Exchange(ref _completed, 1);

    public void Select(BuildSide side) => pair.Select(side);

    public ValueTask<WorkerCounters> ReadCountersAsync(BuildSide side, CancellationToken cancellationToken) => pair.ReadCountersAsync(side, cancellationToken);

    public ValueTask WarmingUpAsync(CancellationToken cancellationToken) => pair.WarmingUpAsync(cancellationToken);

    public ValueTask WarmedUpAsync(CancellationToken cancellationToken) => pair.WarmedUpAsync(cancellationToken);

    public void EnsureRunning() => pair.EnsureRunning();

    public IReadOnlyList<Uri> Addresses(BuildSide side) => pair.Addresses(side);

    public Task<bool> RecordAsync(BuildSide side, string file, Func<CancellationToken, Task> during, CancellationToken cancellationToken) =>
        pair.RecordAsync(side, file, during, cancellationToken);

    public Task<ProfileRecording> ReadAsync(BuildSide side, string file, CancellationToken cancellationToken) =>
        pair.ReadAsync(side, file, cancellationToken);

    public ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 1)
        {
            return ValueTask.CompletedTask;
        }

        pair.ClearRoute();
        return Volatile.Read(ref _completed) == 1 && pair.Running && keep(commit, pair) ? ValueTask.CompletedTask : pair.DisposeAsync();
    }
}
