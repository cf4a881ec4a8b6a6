using PerfAssert.Baselines;
using PerfAssert.Diagnosis;
using PerfAssert.Hosting.Diagnosis;

namespace PerfAssert.Hosting.Builds;

/// <summary>
/// Two workers started the same way, one per build; selecting a side points the shared route at its worker. The engine
/// says which side goes first (drawn from the run's seed): that worker's process is launched first and pinned first.
/// </summary>
internal sealed class WorkerPair(WorkerRoute route, WorkerProcess current, WorkerProcess baseline, BuildSide first) : IBuildPair, IProfiledBuildPair
{
    /// <summary>How long starting, stopping and draining a recording of one worker may take beyond what it records.</summary>
    private static readonly TimeSpan RecordingTimeout = TimeSpan.FromSeconds(60);

    public static async Task<WorkerPair> StartAsync(
        WorkerRoute route, (string Name, string Directory, bool WorkingTree) current, (string Name, string Directory, bool WorkingTree) baseline, BuildSide first, ServiceBuildsOptions options, CancellationToken cancellationToken)
    {
        var order = first == BuildSide.Current ? new[] { current, baseline } : [baseline, current];
        // Each start launches its process before its first await, so the first side's process is launched first.
        var launched = order.Select(b => WorkerProcess.StartAsync(b.Name, b.Directory, b.WorkingTree, options, cancellationToken)).ToArray();
        var starting = first == BuildSide.Current ? launched : [launched[1], launched[0]];
        try
        {
            await Task.WhenAll(starting).ConfigureAwait(false);
        }
        catch
        {
            // One failed: stop the other, then report the failure.
            foreach (var started in starting.Where(t => t.IsCompletedSuccessfully))
            {
                await started.Result.DisposeAsync().ConfigureAwait(false);
            }

            throw;
        }

        return new WorkerPair(route, starting[0].Result, starting[1].Result, first);
    }

    public void Select(BuildSide side) => route.Select(Worker(side));

    public ValueTask<WorkerCounters> ReadCountersAsync(BuildSide side, CancellationToken cancellationToken) => Worker(side).ReadCountersAsync(cancellationToken);

    /// <summary>The side launched (and pinned) first.</summary>
    public BuildSide First => first;

    /// <summary>Whether both workers are still running.</summary>
    public bool Running => current.Running && baseline.Running;

    public async ValueTask WarmingUpAsync(CancellationToken cancellationToken)
    {
        await current.UnpinAsync(cancellationToken).ConfigureAwait(false);
        await baseline.UnpinAsync(cancellationToken).ConfigureAwait(false);
    }

    public async ValueTask WarmedUpAsync(CancellationToken cancellationToken)
    {
        await Worker(first).PinAsync(cancellationToken).ConfigureAwait(false);
        await Worker(first == BuildSide.Current ? BuildSide.Baseline : BuildSide.Current).PinAsync(cancellationToken).ConfigureAwait(false);
    }

    public IReadOnlyList<Uri> Addresses(BuildSide side) => Worker(side).Addresses;

    /// <summary>
    /// Records one side's worker through its diagnostics port (<see cref="EventPipeRecorder"/>); a pinned worker's session
    /// threads are given priority over its request threads first (<see cref="SamplerPriority"/>), and the worker marks the
    /// calls <paramref name="during"/> makes (<see cref="WorkerProcess.MarkCallsAsync"/>).
    /// </summary>
    public async Task<bool> RecordAsync(BuildSide side, string file, Func<CancellationToken, Task> during, CancellationToken cancellationToken)
    {
        var worker = Worker(side);
        var pinned = worker.Pinned;
        var before = pinned ? SamplerPriority.Threads(worker.ProcessId) : [];
        var prioritized = !pinned;
        await EventPipeRecorder.RecordAsync(worker.ProcessId, file, async ct =>
        {
            if (pinned)
            {
                prioritized = await SamplerPriority.RaiseAsync(worker.ProcessId, before, RecordingTimeout, ct).ConfigureAwait(false);
            }

            // The worker marks the calls' window: the recording keeps only the samples inside it. (A
            // recording that fails is not read; the worker's next recording ends the marks this one left open.)
            await worker.MarkCallsAsync(began: true, ct).ConfigureAwait(false);
            await during(ct).ConfigureAwait(false);
            await worker.MarkCallsAsync(began: false, ct).ConfigureAwait(false);
        }, RecordingTimeout, cancellationToken).ConfigureAwait(false);
        return prioritized;
    }

    /// <summary>Reads a recording <see cref="RecordAsync"/> made, off the caller's thread and within the same bound.</summary>
    public Task<ProfileRecording> ReadAsync(BuildSide side, string file, CancellationToken cancellationToken) =>
        EventPipeRecorder.ReadAsync(file, RecordingTimeout, cancellationToken);

    public void EnsureRunning() => WorkerProcess.EnsureRunning(current, baseline);

    /// <summary>Points the route at neither worker (a call made now throws, as outside a measurement).</summary>
    public void ClearRoute()
    {
        route.Clear(current);
        route.Clear(baseline);
    }

    public async ValueTask DisposeAsync()
    {
        ClearRoute();
        await Task.WhenAll(current.DisposeAsync().AsTask(), baseline.DisposeAsync().AsTask()).ConfigureAwait(false);
    }

    private WorkerProcess Worker(BuildSide side) => side == BuildSide.Current ? current : baseline;
}
