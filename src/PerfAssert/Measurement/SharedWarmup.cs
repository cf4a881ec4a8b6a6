namespace PerfAssert.Measurement;

/// <summary>
/// Warms many operations of one process together, round after round, so that what they share (the host, the framework, a
/// serializer) runs its last tier before the first of them is measured: the first case of a process must not pay for code
/// every later case finds warm. Each round gives every operation one batch of calls, sized to
/// <see cref="PerfOptions.TargetSampleTime"/> on its latest timing. It settles once every operation has run twice
/// <see cref="Warmup.PromotionCalls"/> calls (enough to pass the instrumented and the optimized tier) in quiet rounds only:
/// rounds that began and ended with the runtime's call-counting delay over and in which the runtime never had more than a
/// trickle of methods queued for promotion (<see cref="JitReading.TrickleBacklog"/>), or, where it does not report its
/// queue, compiled fewer methods than there are operations (many operations share a process with timers and rare paths,
/// so a round of a hundred cases in which nothing at all compiles was not seen within a minute here); otherwise it ends
/// unsettled when the time runs out. Counting compiled methods alone was fooled: sixty services warmed with dynamic PGO on
/// had rounds of a few dozen compiles while thousands of methods still waited in the queue. It is the shared part
/// only: each operation's own warm-up still waits until nothing compiles before it is timed.
/// </summary>
internal static class SharedWarmup
{
    public static async Task<SharedWarmupResult> RunAsync(IReadOnlyList<Operation> operations, TimeSpan maxTime, PerfOptions options, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(operations);
        var sampler = new Sampler(options);
        var clock = options.Clock;
        var started = clock.GetTimestamp();
        var batches = new long[operations.Count];
        var totalCalls = new long[operations.Count];
        // Calls since the last round that was busy (the delay running, or promotion compiling): only these can promote, so
        // only these count. Counted from the start instead, a fresh process settled the moment its delay first ended, on
        // tier-0 code, its calls all made while nothing could be promoted (issue 41's first-and-again check).
        var callsSinceBusy = new long[operations.Count];
        var jit = options.ReadJit();
        var jitActiveAt = TimeSpan.Zero;
        var quietSince = TimeSpan.Zero;
        while (true)
        {
            var roundStart = jit;
            var backlogDeep = false;
            for (var i = 0; i < operations.Count; i++)
            {
                cancellationToken.ThrowIfCancellationRequested();
                var ops = batches[i] == 0 ? 1 : batches[i];
                var ns = (await sampler.TimeBatchAsync(operations[i], ops, cancellationToken).ConfigureAwait(false)) * sampler.NanosecondsPerTick;
                // Sized again on every timing: a first call (cold, unoptimized) can take a hundred times a warm one.
                batches[i] = Math.Clamp((long)(options.TargetSampleTime.TotalNanoseconds * ops / Math.Max(ns, 1)), 1, Warmup.PromotionCalls);

                totalCalls[i] += ops;
                callsSinceBusy[i] += ops;
                var now = options.ReadJit();
                if (now.ActiveSince(jit))
                {
                    jitActiveAt = clock.GetElapsedTime(started);
                }

                backlogDeep |= now.BacklogDeep;
                jit = now;
            }

            var elapsed = clock.GetElapsedTime(started);
            var delayOver = jit.DelayOver(elapsed - jitActiveAt);
            var roundCompiled = jit.CompiledMethods - roundStart.CompiledMethods;
            // Where the runtime reports its promotion queue, a round is busy when the queue held more than a trickle; else when
            // it compiled as many methods as there are operations.
            var busy = jit.Backlog is null ? roundCompiled >= operations.Count : backlogDeep;
            if (!delayOver || roundStart.Delaying == true || busy)
            {
                Array.Clear(callsSinceBusy);
                quietSince = elapsed;
            }

            // A slow operation (milliseconds a call) makes few calls of its own in a round; as in each operation's own
            // warm-up, a second of quiet rounds stands in for its count.
            var quietLong = elapsed - quietSince >= Warmup.SlowCallQuietTime;
            var settled = callsSinceBusy.All(c => c >= 2 * Warmup.PromotionCalls || (quietLong && c >= 2));
            if (settled || elapsed >= maxTime)
            {
                return new SharedWarmupResult(settled, elapsed, totalCalls.Sum(), roundCompiled) { PromotionBacklog = jit.Backlog };
            }
        }
    }
}
