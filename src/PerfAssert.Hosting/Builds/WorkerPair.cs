using PerfAssert.Baselines;

namespace PerfAssert.Hosting.Builds;

/// <summary>Two workers started the same way, one per build; selecting a side points the shared route at its worker.</summary>
internal sealed class WorkerPair(WorkerRoute route, WorkerProcess current, WorkerProcess baseline) : IBuildPair
{
    public static async Task<WorkerPair> StartAsync(WorkerRoute route, (string Name, string Directory, bool WorkingTree) current, (string Name, string Directory, bool WorkingTree) baseline, ServiceBuildsOptions options, CancellationToken cancellationToken)
    {
        var starting = new[] { current, baseline }.Select(b => WorkerProcess.StartAsync(b.Name, b.Directory, b.WorkingTree, options, cancellationToken)).ToArray();
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

        return new WorkerPair(route, starting[0].Result, starting[1].Result);
    }

    public void Select(BuildSide side) => route.Select(Worker(side));

    public ValueTask<WorkerCounters> ReadCountersAsync(BuildSide side, CancellationToken cancellationToken) => Worker(side).ReadCountersAsync(cancellationToken);

    public async ValueTask WarmedUpAsync(CancellationToken cancellationToken)
    {
        await current.PinAsync(cancellationToken).ConfigureAwait(false);
        await baseline.PinAsync(cancellationToken).ConfigureAwait(false);
    }

    public void EnsureRunning()
    {
        current.EnsureRunning();
        baseline.EnsureRunning();
    }

    public async ValueTask DisposeAsync()
    {
        route.Clear(current);
        route.Clear(baseline);
        await Task.WhenAll(current.DisposeAsync().AsTask(), baseline.DisposeAsync().AsTask()).ConfigureAwait(false);
    }

    private WorkerProcess Worker(BuildSide side) => side == BuildSide.Current ? current : baseline;
}
