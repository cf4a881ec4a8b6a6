using PerfAssert.Measurement;
using PerfAssert.Tests.Support;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Measurement;

/// <summary>
/// Warm-up under the runtime's tiering, with a fake runtime on a manual clock: code runs five times slower until a fake
/// promotion, which happens only once the call-counting delay is over, as the runtime's tiering events say. Quiet alone (the
/// JIT compiled nothing for a while) is true all through the delay, so a warm-up that trusted it would time unpromoted code.
/// </summary>
public sealed class TieringWarmupTests
{
    private const double FastNs = 10_000;
    private static readonly TimeSpan Delay = TimeSpan.FromMilliseconds(100);

    [Fact]
    public async Task RunAsync_CodePromotedOnlyAfterTheDelay_TimesThePromotedCode()
    {
        var runtime = new FakeTiering(promoteAt: TimeSpan.FromSeconds(1.2));

        var result = await MeasureAlone(runtime, maxWarmup: TimeSpan.FromSeconds(3));

        Assert.True(result.Subject.WarmupSettled, result.Subject.Unsettled);
        Assert.Null(result.Subject.Unsettled);
        // Settling on the quiet during the delay would have timed the unpromoted code, five times slower.
        Assert.InRange(result.Subject.MeanNs, FastNs * 0.9, FastNs * 1.1);
    }

    [Fact]
    public async Task RunAsync_DelayRunningPastTheWarmupTime_IsInconclusiveSayingSo()
    {
        var runtime = new FakeTiering(promoteAt: TimeSpan.FromSeconds(30));

        var result = await Compare(runtime, maxWarmup: TimeSpan.FromSeconds(1));

        Assert.False(result.Subject.WarmupSettled);
        var verdict = Assert.Single(result.Verdicts);
        // Both sides cost the same, so the blocks alone would say Pass; on code that was never promoted that is no answer.
        Assert.Equal(VerdictOutcome.Inconclusive, verdict.Outcome);
        Assert.Contains("timed unsettled code", verdict.Reason, StringComparison.Ordinal);
        Assert.Contains("call-counting delay was still running", verdict.Reason, StringComparison.Ordinal);
        Assert.Contains("call-counting delay was still running", result.Subject.Unsettled, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_DelayNotYetReported_WaitsTenDelaysOfQuiet()
    {
        // The listener started while a delay ran: no event has said whether it is over, and nothing compiles.
        var runtime = new FakeTiering(promoteAt: TimeSpan.FromSeconds(30)) { Reported = false };

        var result = await MeasureAlone(runtime, maxWarmup: TimeSpan.FromSeconds(3));

        Assert.True(result.Subject.WarmupSettled, result.Subject.Unsettled);
        Assert.True(result.Subject.WarmupTime >= Delay * 10, result.Subject.WarmupTime.ToString());
    }

    [Fact]
    public void DelayOver_EventsSaidItRuns_IsFalseHoweverLongTheQuiet()
    {
        var reading = new JitReading(5, 3, Delaying: true, Delay);

        Assert.False(reading.DelayOver(TimeSpan.FromMinutes(1)));
        Assert.True(reading with { Delaying = false } is var over && over.DelayOver(TimeSpan.Zero));
        Assert.True((reading with { CallCountingDelay = TimeSpan.Zero }).DelayOver(TimeSpan.Zero));
        Assert.False((reading with { Delaying = null }).DelayOver(Delay * 9));
        Assert.True((reading with { Delaying = null }).DelayOver(Delay * 10));
    }

    [Fact]
    public async Task WarmUpAsync_SharedCode_EndsOnceEveryOperationRanPastPromotion()
    {
        var runtime = new FakeTiering(promoteAt: TimeSpan.FromSeconds(0.5));
        var operations = new[] { runtime.Operation("a"), runtime.Operation("b"), runtime.Operation("c") };

        var result = await SharedWarmup.RunAsync(operations, TimeSpan.FromSeconds(5), runtime.Options(TimeSpan.FromSeconds(3)), TestContext.Current.CancellationToken);

        Assert.True(result.Settled, result.ToString());
        Assert.True(result.Elapsed > TimeSpan.FromSeconds(0.5), result.ToString());
        Assert.True(result.Calls >= 3 * 2 * Warmup.PromotionCalls, result.ToString());
        Assert.Equal(0, result.LastRoundCompiled);
    }

    [Fact]
    public async Task WarmUpAsync_DelayNeverEnds_RunsOutOfTimeUnsettled()
    {
        var runtime = new FakeTiering(promoteAt: TimeSpan.FromSeconds(30));

        var result = await SharedWarmup.RunAsync([runtime.Operation("a")], TimeSpan.FromSeconds(2), runtime.Options(TimeSpan.FromSeconds(3)), TestContext.Current.CancellationToken);

        Assert.False(result.Settled, result.ToString());
        Assert.True(result.Elapsed >= TimeSpan.FromSeconds(2), result.ToString());
    }

    [Fact]
    public async Task RunAsync_CodeStillGettingFasterWithTheJitQuiet_WaitsForThePlateau()
    {
        // Nothing compiles, yet calls get 1% cheaper every millisecond, from 40 times the steady cost until about 370 ms (a
        // cache filling, a pool growing). Three 2 ms samples in a row lie within 5% of each other all along, so a warm-up
        // that waited for them to agree ended at its 250 ms minimum on code three times the steady cost.
        var clock = new ManualClock();
        long? firstCall = null;
        var operation = Operation.Sync("speeding up", () =>
        {
            firstCall ??= clock.GetTimestamp();
            clock.Advance(FastNs * Math.Max(1, 40 * Math.Pow(0.99, (clock.GetTimestamp() - firstCall.Value) / 1e6)));
        });

        var result = await Perf.Measure(operation).WithPercentiles(200).WithOptions(SyntheticOptions.For(clock, new SyntheticOperation(clock, seed: 1)) with
        {
            MaxWarmupTime = TimeSpan.FromSeconds(3),
            PercentileTime = TimeSpan.FromMilliseconds(50),
        }).RunAsync(TestContext.Current.CancellationToken);

        Assert.True(result.Subject.WarmupSettled, result.Subject.Unsettled);
        Assert.True(result.Subject.WarmupTime >= TimeSpan.FromSeconds(0.36), result.Subject.WarmupTime.ToString());
        Assert.InRange(result.Subject.MeanNs, FastNs * 0.95, FastNs * 1.1);
    }

    [Fact]
    public async Task RunAsync_SteadyCodeWhoseSamplesScatter_SettlesOnThePlateau()
    {
        // Steady code on a shared machine: every half millisecond runs up to 25% slower or faster at random (preemption), so
        // three 2 ms samples in a row rarely agree within 5%; they have stopped getting faster all the same, and warm-up ends
        // within a few samples of its 250 ms minimum.
        var clock = new ManualClock();
        var random = new Random(7);
        var factors = Enumerable.Range(0, 100_000).Select(_ => 0.75 + (0.5 * random.NextDouble())).ToArray();
        var operation = Operation.Sync("scattered", () => clock.Advance(FastNs * factors[(int)(clock.GetTimestamp() / 500_000) % factors.Length]));

        var result = await Perf.Measure(operation).WithPercentiles(200).WithOptions(SyntheticOptions.For(clock, new SyntheticOperation(clock, seed: 1)) with
        {
            MaxWarmupTime = TimeSpan.FromSeconds(3),
            PercentileTime = TimeSpan.FromMilliseconds(50),
        }).RunAsync(TestContext.Current.CancellationToken);

        Assert.True(result.Subject.WarmupSettled, result.Subject.Unsettled);
        Assert.True(result.Subject.WarmupTime < TimeSpan.FromSeconds(0.3), result.Subject.WarmupTime.ToString());
    }

    [Fact]
    public async Task RunAsync_BacklogDrainingWhileOtherCodeTrickles_TimesThePromotedCodeOnceItDrained()
    {
        // A process of many services: thousands of methods wait for promotion until 1.5 s (this operation's among them, so
        // it runs three times slower), and all along some other method compiles every few milliseconds. The quiet rule
        // (nothing compiled for 100 ms) never held; the drained queue does.
        var runtime = new FakeBacklog(drainedAt: TimeSpan.FromSeconds(1.5));

        var result = await Perf.Measure(runtime.Operation()).WithPercentiles(200).WithOptions(runtime.Options(TimeSpan.FromSeconds(3))).RunAsync(TestContext.Current.CancellationToken);

        Assert.True(result.Subject.WarmupSettled, result.Subject.Unsettled);
        // Timed before the queue drained, every call would have cost three times as much.
        Assert.InRange(result.Subject.MeanNs, FastNs * 0.9, FastNs * 1.1);
    }

    [Fact]
    public async Task RunAsync_BacklogNeverDrains_IsUnsettledNamingTheQueue()
    {
        var runtime = new FakeBacklog(drainedAt: TimeSpan.FromSeconds(30));

        var result = await Perf.Measure(runtime.Operation()).WithPercentiles(200).WithOptions(runtime.Options(TimeSpan.FromSeconds(1))).RunAsync(TestContext.Current.CancellationToken);

        Assert.False(result.Subject.WarmupSettled);
        Assert.Contains("5,000 methods queued for promotion", result.Subject.Unsettled, StringComparison.Ordinal);
    }

    [Fact]
    public async Task WarmUpAsync_FewCompilesPerRoundWhileTheQueueIsDeep_WaitsForItToDrain()
    {
        // A round compiles a method or none (fewer than there are operations), which the compile count took for quiet, on code
        // three times slower; the queue says thousands of methods still wait until 1.5 s.
        var runtime = new FakeBacklog(drainedAt: TimeSpan.FromSeconds(1.5));

        var result = await SharedWarmup.RunAsync([runtime.Operation("a"), runtime.Operation("b")], TimeSpan.FromSeconds(5), runtime.Options(TimeSpan.FromSeconds(3)), TestContext.Current.CancellationToken);

        Assert.True(result.Settled, result.ToString());
        Assert.True(result.Elapsed > TimeSpan.FromSeconds(1.5), result.ToString());
        Assert.Equal(0, result.PromotionBacklog);
    }

    private static Task<PerfResult> MeasureAlone(FakeTiering runtime, TimeSpan maxWarmup) =>
        Perf.Measure(runtime.Operation("subject")).WithPercentiles(200).WithOptions(runtime.Options(maxWarmup)).RunAsync(TestContext.Current.CancellationToken);

    private static Task<PerfResult> Compare(FakeTiering runtime, TimeSpan maxWarmup) =>
        Perf.Measure(runtime.Operation("subject")).ComparedTo(runtime.Operation("partner")).MeanAtMost(1.10)
            .WithOptions(runtime.Options(maxWarmup)).RunAsync(TestContext.Current.CancellationToken);

    /// <summary>
    /// A runtime whose call-counting delay runs until <c>promoteAt</c> on the manual clock, then ends (one event) and the
    /// code is promoted at once (one compile, one more event); until then every call costs five times as much.
    /// </summary>
    private sealed class FakeTiering(TimeSpan promoteAt)
    {
        private readonly ManualClock _clock = new();

        /// <summary>Whether the delay's start was reported (the listener was there when it began).</summary>
        public bool Reported { get; init; } = true;

        private bool Promoted => _clock.GetTimestamp() >= promoteAt.TotalNanoseconds;

        public Operation Operation(string name) => PerfAssert.Measurement.Operation.Sync(name, () => _clock.Advance(Promoted ? FastNs : 5 * FastNs));

        public PerfOptions Options(TimeSpan maxWarmup) => SyntheticOptions.For(_clock, new SyntheticOperation(_clock, seed: 1)) with
        {
            MaxWarmupTime = maxWarmup,
            CompiledMethodCount = () => Promoted ? 101 : 100,
            Tiering = () => new TieringReading(Connected: true, Events: Promoted ? 3 : Reported ? 1 : 0, Delaying: Promoted ? false : Reported ? true : null),
            CallCountingDelay = Delay,
            PercentileTime = TimeSpan.FromMilliseconds(50),
        };
    }

    /// <summary>
    /// A runtime past its call-counting delay whose promotion queue holds 5,000 methods until <c>drainedAt</c> on the manual
    /// clock, then none; the operation runs three times slower until then, and every third reading finds one more method
    /// compiled (other code trickling through its tiers).
    /// </summary>
    private sealed class FakeBacklog(TimeSpan drainedAt)
    {
        private readonly ManualClock _clock = new();
        private long _readings;

        private bool Drained => _clock.GetTimestamp() >= drainedAt.TotalNanoseconds;

        public Operation Operation(string name = "subject") => PerfAssert.Measurement.Operation.Sync(name, () => _clock.Advance(Drained ? FastNs : 3 * FastNs));

        public PerfOptions Options(TimeSpan maxWarmup) => SyntheticOptions.For(_clock, new SyntheticOperation(_clock, seed: 1)) with
        {
            MaxWarmupTime = maxWarmup,
            CompiledMethodCount = () => ++_readings / 3,
            Tiering = () => new TieringReading(Connected: true, Events: _readings / 3, Delaying: false, DelayStarts: 0, Backlog: Drained ? 0 : 5_000),
            CallCountingDelay = Delay,
            PercentileTime = TimeSpan.FromMilliseconds(50),
        };
    }
}
