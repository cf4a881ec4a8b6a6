namespace PerfAssert.Measurement;

/// <summary>
/// Warms an operation up and sizes its samples: the batch grows until one sample takes at least
/// <see cref="PerfOptions.TargetSampleTime"/>, then warm-up goes on until three consecutive samples agree within 5% and the
/// JIT has compiled nothing in the process for <see cref="PerfOptions.JitQuietTime"/> (after at least 250 ms, so tiered
/// JIT has had time to recompile hot code), or until <see cref="PerfOptions.MaxWarmupTime"/> runs out. Samples that agree
/// are not enough in a fresh process: an in-process server's pipeline goes on tiering up after the client's hot path has.
/// </summary>
internal static class Warmup
{
    private const double SettledSpread = 1.05;
    /// <summary>
    /// A batch this large that the clock measured as no time means the clock is not advancing. A power of ten, so a batch
    /// that grows tenfold from one call reaches it exactly: at 1 &lt;&lt; 20 it went on to ten million, and the engine, whose
    /// timings are void then anyway, spent about 7 s timing batches of that size.
    /// </summary>
    private const long MaxOpsWithoutTime = 1_000_000;

    public static async ValueTask<WarmupResult> RunAsync(Operation operation, Sampler sampler, PerfOptions options, CancellationToken cancellationToken) =>
        (await RunTogetherAsync([new Warmed(operation, static () => { }, _ => ValueTask.FromResult(options.CompiledMethodCount()), 0)], sampler, options, cancellationToken).ConfigureAwait(false))[0];

    /// <summary>
    /// How many operations warmed together share one <see cref="PerfOptions.MaxWarmupTime"/>: two pairs of worker processes.
    /// They take turns, so each gets a share of the machine: twelve workers (six pairs) on two cores had none settled
    /// within 3 s, and settled in 3.3 to 5.6 s with 9 s allowed.
    /// </summary>
    private const double OperationsPerMaxWarmupTime = 4;

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
            states[i] = new State { Compiled = waitForJit ? await operations[i].CompiledMethods(cancellationToken).ConfigureAwait(false) : 0 };
        }

        var results = new WarmupResult?[operations.Count];
        while (results.Any(r => r is null))
        {
            for (var i = 0; i < operations.Count; i++)
            {
                if (results[i] is not null)
                {
                    continue;
                }

                cancellationToken.ThrowIfCancellationRequested();
                var (operation, select, compiledMethods, untimedCalls) = operations[i];
                var state = states[i];
                select();
                if (untimedCalls > 0)
                {
                    await sampler.RunAsync(operation, untimedCalls, cancellationToken).ConfigureAwait(false);
                }

                var ns = (await sampler.TimeBatchAsync(operation, state.Ops, cancellationToken).ConfigureAwait(false)) * sampler.NanosecondsPerTick;
                state.Samples++;
                var elapsed = clock.GetElapsedTime(started);
                if (waitForJit && await compiledMethods(cancellationToken).ConfigureAwait(false) is var now && now != state.Compiled)
                {
                    state.Compiled = now;
                    state.JitBusyAt = elapsed;
                }

                if (ns <= 0 && state.Ops >= MaxOpsWithoutTime)
                {
                    // A clock that never advances would grow the batch forever; report it instead (the engine says Invalid).
                    results[i] = new WarmupResult(state.Ops, state.Samples, elapsed, Settled: false, 0);
                }
                else if (state.Observe(ns, options.TargetSampleTime.TotalNanoseconds) && elapsed >= minimum && elapsed - state.JitBusyAt >= options.JitQuietTime)
                {
                    results[i] = new WarmupResult(state.Ops, state.Samples, elapsed, Settled: true, state.Recent.Average());
                }
                else if (elapsed >= limit)
                {
                    results[i] = new WarmupResult(state.Ops, state.Samples, elapsed, Settled: false, ns / state.Ops);
                }
            }
        }

        return results.Select(r => r!.Value).ToArray();
    }

    /// <summary>One operation's batch size, latest per-call timings and JIT activity.</summary>
    private sealed class State
    {
        public long Ops { get; private set; } = 1;

        public int Samples { get; set; }

        public long Compiled { get; set; }

        public TimeSpan JitBusyAt { get; set; }

        public Queue<double> Recent { get; } = new();

        /// <summary>Takes one sample's time; true once the batch reaches the target and the last three samples agree.</summary>
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
            if (Recent.Count > 3)
            {
                Recent.Dequeue();
            }

            return Recent.Count == 3 && Recent.Max() <= Recent.Min() * SettledSpread;
        }
    }
}

/// <summary>
/// One operation to warm up: <paramref name="Select"/> runs before each of its samples (routing calls to its process),
/// <paramref name="CompiledMethods"/> reads how many methods the JIT of the process that runs its code has compiled, and
/// <paramref name="UntimedCalls"/> calls go ahead of each sample untimed (a process that sat idle wakes up on them).
/// </summary>
internal readonly record struct Warmed(Operation Operation, Action Select, Func<CancellationToken, ValueTask<long>> CompiledMethods, int UntimedCalls);

/// <summary>What warm-up found: how many calls make one sample, whether timings settled, and the last nanoseconds per call.</summary>
internal readonly record struct WarmupResult(long OpsPerSample, int Samples, TimeSpan Elapsed, bool Settled, double NanosecondsPerOp);
