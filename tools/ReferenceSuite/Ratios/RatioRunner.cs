using System.Diagnostics;

namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>Measures a group's blocks for one round's slice of the phase.</summary>
internal static class RatioRunner
{
    /// <summary>
    /// Adds blocks of <paramref name="group"/> to <paramref name="blocks"/>, marked with <paramref name="round"/>, until
    /// <paramref name="slice"/> has passed (at least one block); returns the time taken.
    /// </summary>
    public static async Task<TimeSpan> RunAsync(RatioGroup group, RatioBlocks blocks, int round, TimeSpan slice, Random random, CancellationToken cancellationToken = default)
    {
        var started = Stopwatch.GetTimestamp();
        do
        {
            blocks.Add(await BlockAsync(group.Cases, blocks, round, random, cancellationToken), round);
        }
        while (Stopwatch.GetElapsedTime(started) < slice);

        return Stopwatch.GetElapsedTime(started);
    }

    /// <summary>
    /// One block: every case once as a timed batch in a fresh random order, then again in the reverse order, so that a
    /// drift of the machine within the block weighs on every case alike; each case's time per call over its two batches
    /// (each after its untimed calls). Every timed call is recorded, for the percentiles.
    /// </summary>
    private static async Task<Dictionary<string, double>> BlockAsync(IReadOnlyList<RatioCase> cases, RatioBlocks blocks, int round, Random random, CancellationToken cancellationToken)
    {
        var order = cases.ToArray();
        random.Shuffle(order);
        var ticks = new Dictionary<string, long>(StringComparer.Ordinal);
        var nanosecondsPerTick = 1e9 / Stopwatch.Frequency;
        foreach (var current in order.Concat(order.Reverse()))
        {
            for (var call = 0; call < current.UntimedCalls; call++)
            {
                await current.Operation(cancellationToken);
            }

            var calls = new double[current.CallsPerBatch];
            var compiled = System.Runtime.JitInfo.GetCompiledMethodCount(currentThread: false);
            var batchStarted = Stopwatch.GetTimestamp();
            var previous = batchStarted;
            for (var call = 0; call < calls.Length; call++)
            {
                await current.Operation(cancellationToken);
                var now = Stopwatch.GetTimestamp();
                calls[call] = (now - previous) * nanosecondsPerTick;
                previous = now;
            }

            ticks[current.Name] = ticks.GetValueOrDefault(current.Name) + (previous - batchStarted);
            blocks.AddCalls(current.Name, calls, System.Runtime.JitInfo.GetCompiledMethodCount(currentThread: false) != compiled, round);
        }

        return cases.ToDictionary(c => c.Name, c => ticks[c.Name] * nanosecondsPerTick / (2.0 * c.CallsPerBatch), StringComparer.Ordinal);
    }
}
