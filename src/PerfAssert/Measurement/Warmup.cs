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
    private const long MaxOpsWithoutTime = 1 << 20;

    public static async ValueTask<WarmupResult> RunAsync(Operation operation, Sampler sampler, PerfOptions options, CancellationToken cancellationToken)
    {
        var clock = options.Clock;
        var started = clock.GetTimestamp();
        var target = options.TargetSampleTime.TotalNanoseconds;
        var minimum = TimeSpan.FromTicks(Math.Min(TimeSpan.FromMilliseconds(250).Ticks, options.MaxWarmupTime.Ticks / 4));
        var waitForJit = options.JitQuietTime > TimeSpan.Zero;
        var compiled = waitForJit ? options.CompiledMethodCount() : 0;
        var jitBusyAt = TimeSpan.Zero;
        long ops = 1;
        var recent = new Queue<double>();
        var samples = 0;
        while (true)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var ns = (await sampler.TimeBatchAsync(operation, ops, cancellationToken).ConfigureAwait(false)) * sampler.NanosecondsPerTick;
            samples++;
            var elapsed = clock.GetElapsedTime(started);
            if (waitForJit && options.CompiledMethodCount() is var now && now != compiled)
            {
                compiled = now;
                jitBusyAt = elapsed;
            }

            if (ns <= 0 && ops >= MaxOpsWithoutTime)
            {
                // A clock that never advances would grow the batch forever; report it instead (the engine says Invalid).
                return new WarmupResult(ops, samples, elapsed, Settled: false, 0);
            }

            if (ns < target && ops < int.MaxValue)
            {
                // Grow towards the target, at most 10x at a time so a slow first call does not overshoot.
                var scale = ns <= 0 ? 10 : Math.Clamp(target / ns, 2, 10);
                ops = (long)Math.Ceiling(ops * scale);
                recent.Clear();
            }
            else
            {
                recent.Enqueue(ns / ops);
                if (recent.Count > 3)
                {
                    recent.Dequeue();
                }

                if (recent.Count == 3 && elapsed >= minimum && recent.Max() <= recent.Min() * SettledSpread && elapsed - jitBusyAt >= options.JitQuietTime)
                {
                    return new WarmupResult(ops, samples, elapsed, Settled: true, recent.Average());
                }
            }

            if (elapsed >= options.MaxWarmupTime)
            {
                return new WarmupResult(ops, samples, elapsed, Settled: false, ns / ops);
            }
        }
    }
}

/// <summary>What warm-up found: how many calls make one sample, whether timings settled, and the last nanoseconds per call.</summary>
internal readonly record struct WarmupResult(long OpsPerSample, int Samples, TimeSpan Elapsed, bool Settled, double NanosecondsPerOp);
