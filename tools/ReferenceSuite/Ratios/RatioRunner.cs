using System.Diagnostics;

namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>Measures one group in interleaved blocks until every ratio is precise enough or its cap runs out.</summary>
internal static class RatioRunner
{
    public static async Task<RatioGroupResult> RunAsync(RatioGroup group, RatioSettings settings, Random random, CancellationToken cancellationToken = default)
    {
        var blocks = new RatioBlocks(group.Cases.Select(c => c.Name));
        var started = Stopwatch.GetTimestamp();
        while (true)
        {
            blocks.Add(await BlockAsync(group.Cases, random, cancellationToken));
            var capped = Stopwatch.GetElapsedTime(started) >= group.Cap;
            var check = blocks.Count >= settings.MinBlocks && blocks.Count % RatioSettings.CheckEvery == 0;
            if (!check && !capped)
            {
                continue;
            }

            var widest = Widest(blocks, group.Pairs, settings.ConfidenceLevel);
            if (widest <= settings.TargetHalfWidth || capped)
            {
                return new RatioGroupResult(group.Title, blocks, group.Pairs, Stopwatch.GetElapsedTime(started), widest > settings.TargetHalfWidth, widest);
            }
        }
    }

    /// <summary>The widest relative half-width among the pairs' intervals.</summary>
    public static double Widest(RatioBlocks blocks, IReadOnlyList<RatioPair> pairs, double confidenceLevel) =>
        pairs.Count == 0 ? 0 : pairs.Max(p => RatioBlocks.RelativeHalfWidth(blocks.Ratio(p.Numerator, p.Denominator, confidenceLevel)));

    /// <summary>
    /// One block: every case once as a timed batch in a fresh random order, then again in the reverse order, so that a
    /// drift of the machine within the block weighs on every case alike; each case's time per call over its two batches
    /// (each after one untimed call).
    /// </summary>
    private static async Task<Dictionary<string, double>> BlockAsync(IReadOnlyList<RatioCase> cases, Random random, CancellationToken cancellationToken)
    {
        var order = cases.ToArray();
        random.Shuffle(order);
        var ticks = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (var current in order.Concat(order.Reverse()))
        {
            // The first call after another case's batch pays for caches, connections and threads the other case took over
            // (measured: up to a third more on a batch of a few calls); the per-case parts time calls back to back, so the
            // batch starts after one untimed call.
            await current.Operation(cancellationToken);
            var start = Stopwatch.GetTimestamp();
            for (var call = 0; call < current.CallsPerBatch; call++)
            {
                await current.Operation(cancellationToken);
            }

            ticks[current.Name] = ticks.GetValueOrDefault(current.Name) + (Stopwatch.GetTimestamp() - start);
        }

        var nanosecondsPerTick = 1e9 / Stopwatch.Frequency;
        return cases.ToDictionary(c => c.Name, c => ticks[c.Name] * nanosecondsPerTick / (2.0 * c.CallsPerBatch), StringComparer.Ordinal);
    }
}
