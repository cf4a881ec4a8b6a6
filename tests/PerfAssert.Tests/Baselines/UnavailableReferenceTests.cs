using PerfAssert.Baselines;
using PerfAssert.Tests.Support;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Baselines;

/// <summary>
/// A reference build that cannot be had is the first thing its verdict says, whatever else went wrong in the same run: on
/// a loaded machine the calibration's spread made the verdict Invalid as well, and its message then named only the
/// spread, so a user hunting a broken reference commit was told to find a quieter machine.
/// </summary>
public sealed class UnavailableReferenceTests : IDisposable
{
    private const string Unbuildable = "the reference build of src/Fake/Fake.csproj at 0123456 failed: error CS1002";
    private readonly TempDirectory _temp = new();
    private readonly BaselineStore _store;

    public UnavailableReferenceTests()
    {
        _store = new BaselineStore(_temp.Sub("baselines"), acceptCommand: "perfassert accept");
        new BaselineReference("0123456789abcdef0123456789abcdef01234567").Write(_store);
    }

    [Fact]
    public async Task RunAsync_UnbuildableReferenceOnAnUnstableMachine_NamesTheReferenceFirstAndTheSpreadAfter()
    {
        var clock = new ManualClock();
        var synthetic = new SyntheticOperation(clock, seed: 7);
        var options = SyntheticOptions.For(clock, synthetic) with { AllocationSettleTime = TimeSpan.Zero };
        await RunAsync(new FakeBuilds(clock, synthetic, 20_000, 20_000, 85_000, 85_000), options);
        await BaselineAcceptor.AcceptAsync(_store, cancellationToken: TestContext.Current.CancellationToken);
        var calls = 0;
        // A machine whose speed swings 4x every few hundred calls, as a loaded CI runner's did.
        var unstable = PerfAssert.Measurement.Operation.Sync("calibration", () => clock.Advance((calls++ / 300 % 2 == 0) ? 10_000 : 40_000));

        var result = await RunAsync(new FakeBuilds(clock, synthetic, 20_000, 20_000, 85_000, 85_000, Unbuildable), options with { Calibration = unstable });

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Invalid, latency.Outcome);
        Assert.StartsWith(Unbuildable, latency.Reason, StringComparison.Ordinal);
        Assert.Contains("too unstable", latency.Reason, StringComparison.Ordinal);
        Assert.True(result.Failed);
    }

    public void Dispose() => _temp.Dispose();

    private Task<PerfResult> RunAsync(FakeBuilds builds, PerfOptions options) => Perf.Measure(builds.Call)
        .AgainstBaseline("Api", "echo", builds, _store)
        .WithOptions(options)
        .RunAsync(TestContext.Current.CancellationToken);
}
