using PerfAssert.Measurement;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// A worker whose call never returns, with real git, a real build and real workers: the measurement fails within its
/// operation timeout naming the call, and the worker is stopped (asked to exit, then killed). Apart from
/// <see cref="WorkerFailureTests"/> so that the two classes, each about 12 s of builds and waiting, run side by side.
/// </summary>
public sealed class WorkerHangTests : IDisposable
{
    private readonly ScratchBaselines _baselines = new();

    private ScratchService Scratch => _baselines.Scratch;

    [Fact]
    public async Task RunAsync_WorkerThatHangsMidMeasurement_TimesOutAndIsStopped()
    {
        var reference = Scratch.Commit("reference");
        Scratch.SetHandler("if (Interlocked.Increment(ref calls) > 400) { Thread.Sleep(Timeout.Infinite); } return \"ok\";");
        var store = _baselines.StoreWithEntry(reference);

        var error = await Assert.ThrowsAsync<PerfMeasurementException>(() => _baselines.MeasureAsync(store, TimeSpan.FromMinutes(2), options: o => o with { OperationTimeout = TimeSpan.FromSeconds(2) }));

        Assert.Contains("GET /work", error.Message, StringComparison.Ordinal);
        _baselines.AssertNothingLeft(store);
    }

    public void Dispose() => _baselines.Dispose();
}
