using PerfAssert.Measurement;
using PerfAssert.Tests.Support;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Engine;

/// <summary>
/// Allocation repeats during which the JIT compiled methods do not count: code that has not tiered up yet can allocate more
/// than its optimized form. A fake JIT counter stands in for the runtime's, and the operation allocates an extra object while
/// the fake says the JIT is busy, the way tier-0 code allocates what escape analysis later removes. Warm-up waits for the
/// JIT too, because tier-0 code is also slower.
/// </summary>
[Collection(RealClockCollection.Name)]
public sealed class JitSettlingTests
{
    private const int OverheadReads = 2 * 5; // the empty-operation repeats read the counter twice each, before and after
    private static object? _sink;

    /// <summary>Tiering events that never come: the fake compile count alone says when the JIT is busy, whatever the rest of
    /// the test process promotes meanwhile.</summary>
    private static readonly Func<TieringReading> QuietTiering = static () => new TieringReading(Connected: true, Events: 0, Delaying: false);
    private static object? _extra;

    [Fact]
    public async Task RunAsync_JitBusyForMoreRepeatsThanCount_MeasuresOnlyTheQuietOnes()
    {
        // Busy through the overhead repeats and the first 8 measured ones: more than the 5 that count, so a minimum over every
        // repeat would still include the extra object.
        var jit = new FakeJit(busyReads: OverheadReads + (2 * 8));

        var result = await Perf.Measure("new byte[100], extra while the JIT is busy", () => { _sink = new byte[100]; if (jit.Busy) { _extra = new object(); } })
            .AllocatedBytesAtMost(128)
            .WithOptions(o => o with { Tiering = QuietTiering, CompiledMethodCount = jit.Read, JitQuietTime = TimeSpan.Zero })
            .RunAsync(TestContext.Current.CancellationToken);

        var allocations = result.Subject.Allocations!;
        Assert.Equal(128, allocations.BytesPerOp, 0.5);
        Assert.True(allocations.JitSettled);
        Assert.Equal(8, allocations.JitBusyRepeats);
        Assert.Equal(5, allocations.Repeats);
        var verdict = Assert.Single(result.Verdicts);
        Assert.Equal(VerdictOutcome.Pass, verdict.Outcome);
        Assert.Contains("min of 5 x", verdict.Evidence, StringComparison.Ordinal);
        Assert.Contains("(8 more set aside while the JIT compiled)", verdict.Evidence, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_JitNeverQuietAndOverBudget_IsInconclusiveSayingWhy()
    {
        var jit = new FakeJit(busyReads: int.MaxValue);

        var result = await Perf.Measure("extra while the JIT is busy", () => { _sink = new byte[100]; if (jit.Busy) { _extra = new object(); } })
            .AllocatedBytesAtMost(128)
            .WithOptions(o => o with { Tiering = QuietTiering, CompiledMethodCount = jit.Read, JitQuietTime = TimeSpan.Zero, AllocationSettleTime = TimeSpan.FromMilliseconds(300) })
            .RunAsync(TestContext.Current.CancellationToken);

        var allocations = result.Subject.Allocations!;
        Assert.False(allocations.JitSettled);
        Assert.Equal(152, allocations.BytesPerOp, 0.5);
        var verdict = Assert.Single(result.Verdicts);
        Assert.Equal(VerdictOutcome.Inconclusive, verdict.Outcome);
        Assert.Contains("the JIT compiling throughout", verdict.Evidence, StringComparison.Ordinal);
        Assert.Contains("AllocationSettleTime", verdict.Reason, StringComparison.Ordinal);
        Assert.False(result.Failed, result.Summary);
        Assert.True(verdict.Fails(strict: true));
    }

    [Fact]
    public async Task RunAsync_JitNeverQuietButWithinBudget_Passes()
    {
        var jit = new FakeJit(busyReads: int.MaxValue);

        var result = await Perf.Measure("new byte[100]", () => { _sink = new byte[100]; })
            .AllocatedBytesAtMost(128)
            .WithOptions(o => o with { Tiering = QuietTiering, CompiledMethodCount = jit.Read, JitQuietTime = TimeSpan.Zero, AllocationSettleTime = TimeSpan.FromMilliseconds(300) })
            .RunAsync(TestContext.Current.CancellationToken);

        Assert.False(result.Subject.Allocations!.JitSettled);
        Assert.Equal(VerdictOutcome.Pass, Assert.Single(result.Verdicts).Outcome);
    }

    [Fact]
    public async Task RunAsync_RealExtraAllocationWithTheJitQuiet_IsStillARegression()
    {
        var jit = new FakeJit(busyReads: OverheadReads + (2 * 3));

        var result = await Perf.Measure("new byte[100] and an object", () => { _sink = new byte[100]; _extra = new object(); })
            .AllocatedBytesAtMost(128)
            .WithOptions(o => o with { Tiering = QuietTiering, CompiledMethodCount = jit.Read, JitQuietTime = TimeSpan.Zero })
            .RunAsync(TestContext.Current.CancellationToken);

        Assert.True(result.Subject.Allocations!.JitSettled);
        Assert.Equal(VerdictOutcome.Regression, Assert.Single(result.Verdicts).Outcome);
        Assert.True(result.Failed);
    }

    /// <summary>Busy for its first reads (every read returns a new count), then quiet (the count stops moving).</summary>
    [Fact]
    public async Task RunAsync_JitStillCompilingWhenTimingsAgree_WarmsUpUntilItIsQuiet()
    {
        // A fresh process: the call is slow (tier-0 code, a server pipeline still tiering up) and steady while the JIT
        // compiles, for 1.5 s, then fast. Samples agree within 5% long before the JIT is done; a warm-up that ended then
        // measured the slow code (the first verdicts of a process read 240-400 us on a 90-110 us endpoint).
        var started = System.Diagnostics.Stopwatch.GetTimestamp();
        bool Busy() => System.Diagnostics.Stopwatch.GetElapsedTime(started) < TimeSpan.FromMilliseconds(1500);
        long compiled = 0;

        var result = await Perf.Measure("slow while the JIT compiles", () => Spin(Busy() ? 40 : 10))
            .LatencyAtMost(TimeSpan.FromSeconds(1))
            .WithOptions(o => o with { Tiering = QuietTiering, CompiledMethodCount = () => Busy() ? ++compiled : compiled, MaxWarmupTime = TimeSpan.FromSeconds(3) })
            .RunAsync(TestContext.Current.CancellationToken);

        Assert.True(result.Subject.WarmupSettled);
        Assert.InRange(result.Subject.MeanNs / 1000, 5, 20);
        Assert.True(System.Diagnostics.Stopwatch.GetElapsedTime(started) >= TimeSpan.FromMilliseconds(1600));
    }

    private static void Spin(double microseconds)
    {
        var until = System.Diagnostics.Stopwatch.GetTimestamp() + (long)(microseconds * System.Diagnostics.Stopwatch.Frequency / 1e6);
        while (System.Diagnostics.Stopwatch.GetTimestamp() < until)
        {
        }
    }

    private sealed class FakeJit(int busyReads)
    {
        private long _reads;

        public bool Busy => Interlocked.Read(ref _reads) < busyReads;

        public long Read()
        {
            var reads = Interlocked.Increment(ref _reads);
            return Math.Min(reads, busyReads);
        }
    }
}
