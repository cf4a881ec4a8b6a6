using System.Globalization;
using PerfAssert.Statistics;

namespace PerfAssert.Measurement;

/// <summary>
/// Warms an operation up until the code it times is the code production runs, and sizes its samples on that code. The batch
/// grows until one sample takes at least <see cref="PerfOptions.TargetSampleTime"/> (again whenever faster code makes a sample
/// shorter). Warm-up then ends when the samples have stopped getting faster (the median of the last three is within 5% of
/// the three before) and promotion is over in the process that runs
/// the code: the JIT has compiled nothing and tiered compilation has promoted nothing for <see cref="PerfOptions.JitQuietTime"/>
/// and for at least <see cref="PromotionCalls"/> calls (or a second, for a call too slow to make that many), and the
/// runtime's call-counting delay is known to be over. Where the runtime reports its promotion queue (its tiering events, read
/// in the process), a drained queue and <see cref="PromotionCalls"/> counted calls since it drained stand in for the quiet:
/// a process with many services promotes other code a few methods at a time for minutes. Quiet alone
/// proves nothing: during that delay (100 ms after the last new method, by default) nothing is promoted, so a fresh process
/// looks settled on unoptimized code. Calls are what promote code (30 per tier by default, and with dynamic PGO a method
/// passes an instrumented tier first), so a quiet stretch of that many calls, with the delay over, means every method called
/// once per operation has reached its last tier. Otherwise warm-up ends at <see cref="PerfOptions.MaxWarmupTime"/>, unsettled,
/// and says why.
/// </summary>
internal static class Warmup
{
    /// <summary>
    /// Calls without any JIT activity that promotion must have had: twice the runtime's default call-count threshold (30), so
    /// a method called once per operation has passed both the instrumented and the optimized tier's count meanwhile.
    /// </summary>
    public const int PromotionCalls = 64;

    /// <summary>How much faster the latest samples may be than the ones before while the code counts as steady.</summary>
    private const double SettledSpread = 1.05;

    /// <summary>Samples on each side of the plateau test.</summary>
    private const int TrendSamples = 3;

    /// <summary>Quiet that settles an operation too slow to make <see cref="PromotionCalls"/> calls in it.</summary>
    public static readonly TimeSpan SlowCallQuietTime = TimeSpan.FromSeconds(1);

    /// <summary>
    /// A batch this large that the clock measured as no time means the clock is not advancing. A power of ten, so a batch
    /// that grows tenfold from one call reaches it exactly: at 1 &lt;&lt; 20 it went on to ten million, and the engine, whose
    /// timings are void then anyway, spent about 7 s timing batches of that size.
    /// </summary>
    private const long MaxOpsWithoutTime = 1_000_000;

    /// <summary>
    /// How many operations warmed together share one <see cref="PerfOptions.MaxWarmupTime"/>: two pairs of worker processes.
    /// They take turns, so each gets a share of the machine: twelve workers (six pairs) on two cores had none settled
    /// within 3 s, and settled in 3.3 to 5.6 s with 9 s allowed.
    /// </summary>
    private const double OperationsPerMaxWarmupTime = 4;

    public static async ValueTask<WarmupResult> RunAsync(Operation operation, Sampler sampler, PerfOptions options, CancellationToken cancellationToken) =>
        (await RunTogetherAsync([new Warmed(operation, static () => { }, _ => ValueTask.FromResult(options.ReadJit()), 0)], sampler, options, cancellationToken).ConfigureAwait(false))[0];

    /// <summary>
    /// Warms several operations up together, one sample of each in turn, until every one has settled or the time runs out:
    /// <see cref="PerfOptions.MaxWarmupTime"/> for up to <see cref="OperationsPerMaxWarmupTime"/> operations, and in
    /// proportion for more. What a fresh worker process waits for is time, not calls: its tiered JIT compiles hot code in
    /// the background, so workers warmed in turn wait for their JITs side by side.
    /// </summary>
    public static async ValueTask<WarmupResult[]> RunTogetherAsync(IReadOnlyList<Warmed> operations, Sampler sampler, PerfOptions options, CancellationToken cancellationToken)
    {
        var clock = options.Clock;
        var started = clock.GetTimestamp();
        var limit = options.MaxWarmupTime * Math.Max(1, operations.Count / OperationsPerMaxWarmupTime);
        var minimum = TimeSpan.FromTicks(Math.Min(TimeSpan.FromMilliseconds(250).Ticks, options.MaxWarmupTime.Ticks / 4));
        var waitForJit = options.JitQuietTime > TimeSpan.Zero;
        var states = new State[operations.Count];
        for (var i = 0; i < states.Length; i++)
        {
            states[i] = new State { Jit = waitForJit ? await operations[i].ReadJit(cancellationToken).ConfigureAwait(false) : default };
        }

        var results = new WarmupResult?[operations.Count];
        while (results.Any(r => r is null))
        {
            for (var i = 0; i < operations.Count; i++)
            {
                if (results[i] is null)
                {
                    results[i] = await SampleAsync(operations[i], states[i], sampler, options, started, minimum, limit, waitForJit, cancellationToken).ConfigureAwait(false);
                }
            }
        }

        return results.Select(r => r!.Value).ToArray();
    }

    /// <summary>Takes one warm-up sample of one operation; returns its result once it has settled or run out of time.</summary>
    private static async ValueTask<WarmupResult?> SampleAsync(
        Warmed warmed, State state, Sampler sampler, PerfOptions options, long started, TimeSpan minimum, TimeSpan limit, bool waitForJit, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        var (operation, select, readJit, untimedCalls, _) = warmed;
        select();
        if (untimedCalls > 0)
        {
            await sampler.RunAsync(operation, untimedCalls, cancellationToken).ConfigureAwait(false);
        }

        var ops = state.Ops;
        var ns = (await sampler.TimeBatchAsync(operation, ops, cancellationToken).ConfigureAwait(false)) * sampler.NanosecondsPerTick;
        state.Samples++;
        var elapsed = options.Clock.GetElapsedTime(started);
        if (waitForJit)
        {
            state.ObserveJit(await readJit(cancellationToken).ConfigureAwait(false), elapsed, ops + untimedCalls, warmed.CountCalls);
        }

        if (ns <= 0 && ops >= MaxOpsWithoutTime)
        {
            // A clock that never advances would grow the batch forever; report it instead (the engine says Invalid).
            return new WarmupResult(ops, state.Samples, elapsed, Settled: false, 0, "the clock measured no time");
        }

        var agreed = state.Observe(ns, options.TargetSampleTime.TotalNanoseconds);
        var jitUnsettled = waitForJit ? state.JitUnsettled(elapsed, options.JitQuietTime) : null;
        if (agreed && elapsed >= minimum && jitUnsettled is null)
        {
            return new WarmupResult(state.Ops, state.Samples, elapsed, Settled: true, state.Typical, null);
        }

        return elapsed >= limit
            ? new WarmupResult(state.Ops, state.Samples, elapsed, Settled: false, ns / ops, jitUnsettled ?? "its timings were still getting faster")
            : null;
    }

    /// <summary>One operation's batch size, latest per-call timings and JIT activity.</summary>
    private sealed class State
    {
        public long Ops { get; private set; } = 1;

        public int Samples { get; set; }

        public JitReading Jit { get; set; }

        /// <summary>When the JIT last compiled or promoted anything, counted from the start of warm-up.</summary>
        public TimeSpan JitActiveAt { get; private set; }

        /// <summary>Calls made since then.</summary>
        public long CallsSinceJit { get; private set; }

        public Queue<double> Recent { get; } = new();

        /// <summary>When the runtime last said that more than a trickle of methods waited for promotion.</summary>
        public TimeSpan BacklogAt { get; private set; }

        /// <summary>Calls made since then that counted towards promotion (none made while the call-counting delay ran).</summary>
        public long CountedCalls { get; private set; }

        /// <summary>Takes a reading after <paramref name="calls"/> calls. They count towards promotion once the queue has
        /// drained; towards the quiet rule only with <paramref name="countCalls"/> (else each quiet sample counts as
        /// <see cref="PromotionCalls"/>, see <see cref="Warmed"/>).</summary>
        public void ObserveJit(JitReading now, TimeSpan elapsed, long calls, bool countCalls)
        {
            if (now.ActiveSince(Jit))
            {
                JitActiveAt = elapsed;
                CallsSinceJit = 0;
            }
            else
            {
                CallsSinceJit += countCalls ? calls : PromotionCalls;
            }

            if (now.BacklogDeep)
            {
                BacklogAt = elapsed;
                CountedCalls = 0;
            }
            else if (now.CountedSince(Jit))
            {
                CountedCalls += calls;
            }

            Jit = now;
        }

        /// <summary>Why promotion cannot be known to be over yet, or null when it is.</summary>
        public string? JitUnsettled(TimeSpan elapsed, TimeSpan quietTime)
        {
            var quiet = elapsed - JitActiveAt;
            if (!Jit.DelayOver(quiet))
            {
                return "the runtime's call-counting delay was still running, so hot code had not been promoted";
            }

            if (Jit.Backlog is { } backlog)
            {
                // The runtime says how many methods wait for promotion: a backlog means the timed code may be among them,
                // and once it has drained, PromotionCalls counted calls take every method called once per operation through
                // its remaining tiers. Methods of other code promoted a few at a time (timers, rare paths of other services
                // in the process) do not hold it back, as they held back the quiet rule below for minutes.
                return Jit.BacklogDeep
                    ? string.Create(CultureInfo.InvariantCulture, $"the runtime still had {backlog:#,0} methods queued for promotion")
                    : CountedCalls < PromotionCalls && elapsed - BacklogAt < SlowCallQuietTime
                        ? "the JIT was still promoting methods"
                        : null;
            }

            // A slow call (a large payload of many milliseconds) makes its inner methods' thousands of calls long before it
            // makes PromotionCalls calls of its own; what is called once per call costs little beside it, so a second of
            // quiet stands in for the count.
            return quiet < quietTime || (CallsSinceJit < PromotionCalls && quiet < SlowCallQuietTime)
                ? "the JIT was still compiling or promoting methods"
                : null;
        }

        /// <summary>
        /// Takes one sample's time; true once the batch reaches the target and the code has stopped getting faster: the median
        /// of the last <see cref="TrendSamples"/> samples is no more than 5% below the median of the ones before. A plateau,
        /// not agreement, is what steady code shows on a shared machine: three 2 ms samples in a row within 5% of each other
        /// rarely came in four workers sharing two cores (their samples scattered by +-15% long after the JIT had gone quiet),
        /// while a median is moved by promotion (2x to 3x) and not by a preempted sample.
        /// </summary>
        public bool Observe(double ns, double target)
        {
            if (ns < target && Ops < int.MaxValue)
            {
                // Grow towards the target, at most 10x at a time so a slow first call does not overshoot.
                var scale = ns <= 0 ? 10 : Math.Clamp(target / ns, 2, 10);
                Ops = (long)Math.Ceiling(Ops * scale);
                Recent.Clear();
                return false;
            }

            Recent.Enqueue(ns / Ops);
            if (Recent.Count > 2 * TrendSamples)
            {
                Recent.Dequeue();
            }

            if (Recent.Count < 2 * TrendSamples)
            {
                return false;
            }

            var earlier = Median(Recent.Take(TrendSamples));
            var later = Median(Recent.Skip(TrendSamples));
            return later * SettledSpread >= earlier;
        }

        /// <summary>The per-call time the settled samples stand for: the median of the latest ones.</summary>
        public double Typical => Median(Recent.Skip(Math.Max(0, Recent.Count - TrendSamples)));

        private static double Median(IEnumerable<double> values) => Quantiles.OfSorted([.. values.Order()], 0.5);
    }
}

/// <summary>
/// One operation to warm up: <paramref name="Select"/> runs before each of its samples (routing calls to its process),
/// <paramref name="ReadJit"/> reads the JIT's state in the process that runs its code, and <paramref name="UntimedCalls"/>
/// calls go ahead of each sample untimed (a process that sat idle wakes up on them). With <paramref name="CountCalls"/> false,
/// where the process does not report its promotion queue, quiet time alone (with the delay over) settles it: a worker
/// process of a reference-build comparison compiles a few dozen methods while it is timed even when settled (timers, rare
/// paths), so a quiet stretch of 64 calls came in 2 of 26 pairs of a CI run, and every other warm-up ran to its cap. Where
/// the queue is reported, the calls really made count towards promotion either way.
/// </summary>
internal readonly record struct Warmed(Operation Operation, Action Select, Func<CancellationToken, ValueTask<JitReading>> ReadJit, int UntimedCalls, bool CountCalls = true);

/// <summary>
/// What warm-up found: how many calls make one sample, whether the timed code settled, the last nanoseconds per call, and
/// when it did not settle, why (<paramref name="Unsettled"/>).
/// </summary>
internal readonly record struct WarmupResult(long OpsPerSample, int Samples, TimeSpan Elapsed, bool Settled, double NanosecondsPerOp, string? Unsettled)
{
    /// <summary>
    /// Calls that take <paramref name="sampleTime"/> at the settled time per call, never more than warm-up's own batch (which
    /// grows at least twofold at a step, so it can be up to about three times as long); the batch when no time was measured.
    /// </summary>
    public long OpsFor(TimeSpan sampleTime) =>
        NanosecondsPerOp > 0 ? Math.Min(OpsPerSample, (long)Math.Ceiling(sampleTime.TotalNanoseconds / NanosecondsPerOp)) : OpsPerSample;
}
