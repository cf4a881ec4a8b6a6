using PerfAssert.Measurement;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// A worker whose call never returns, with real git, a real build and real workers: the measurement fails within its
/// operation timeout naming the call, and the worker is stopped (asked to exit, it kills itself a second later, since its
/// service's graceful stop waits for the hung request; until 2026-11-30 the parent killed it after 5 s, and each worker's
/// check for an exit waited a second in turn: beside another class the test took 22.6 s, 5 of them with both cores idle,
/// against 11.9 s since). Apart from <see cref="WorkerFailureTests"/> so that the two classes, each about 12 s of builds
/// and waiting, run side by side.
/// </summary>
public sealed class WorkerHangTests : ScratchBaselineTests
{
    [Fact]
    public async Task RunAsync_WorkerThatHangsMidMeasurement_TimesOutAndIsStopped()
    {
        var reference = Scratch.Commit("reference");
        Scratch.SetHandler("if (Interlocked.Increment(ref calls) > 400) { Thread.Sleep(Timeout.Infinite); } return \"ok\";");
        var store = Baselines.StoreWithEntry(reference);

        var error = await Assert.ThrowsAsync<PerfMeasurementException>(() => Baselines.MeasureAsync(store, TimeSpan.FromMinutes(2), options: o => o with { OperationTimeout = TimeSpan.FromSeconds(2) }));

        Assert.Contains("GET /work", error.Message, StringComparison.Ordinal);
        Baselines.AssertNothingLeft(store);
    }
}
