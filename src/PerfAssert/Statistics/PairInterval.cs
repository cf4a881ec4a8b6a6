using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace PerfAssert.Statistics;

/// <summary>
/// The confidence interval of a log-ratio measured in several process pairs, with the pair as the unit: a pair's blocks
/// share its processes' luck (cores, JIT), so they are not independent observations of the ratio, its pairs are. Each
/// pair's estimate is the mean of its blocks' log-ratios, each clipped to <see cref="ClipBound"/> robust spreads of the
/// pair's median (a block timed across a stall can be 10x off; see <see cref="Clipped"/>); across the k pairs, a t-interval on their mean. Two to four pairs
/// say little about their own spread, so it is pooled with a prior: the between-pair spread this machine class shows
/// (<c>tau0</c>, worth <c>w</c> degrees of freedom) plus the within-pair scatter of this verdict's own blocks, which
/// hundreds of blocks measure well. A pair's estimate varies by <c>v = tau^2 + sigma_w^2 / n</c>; the prior for v is
/// <c>v0 = tau0^2 + s_w^2 x mean(1/n_i)</c>, with Welch-Satterthwaite degrees of freedom <c>d0</c> from its two parts, and
/// <c>s_p^2 = (d0 x v0 + (k - 1) x s^2) / (d0 + k - 1)</c>, <c>estimate +- t(d0 + k - 1) x s_p / sqrt(k)</c>.
/// </summary>
internal static class PairInterval
{
    /// <summary>
    /// How many of its expected spreads a pair's estimate may lie from the median of the others before it counts as an
    /// outlier (with at least four pairs). Normal pairs pass it all but about once in 300 verdicts of four pairs.
    /// </summary>
    public const double OutlierBound = 4;

    /// <summary>
    /// How many robust spreads (scaled MAD) from its pair's median a block's log-ratio may lie before it is clipped there.
    /// Normal scatter reaches it about once in 370 blocks and loses almost nothing; a block timed across a stall (on a
    /// loaded 2-core machine, a few in 128, up to 2.8 in log units) counts as three spreads off instead of dragging the
    /// pair's mean and inflating its scatter.
    /// </summary>
    public const double ClipBound = 3;

    /// <summary>A pair's block log-ratios with each clipped to <see cref="ClipBound"/> robust spreads of their median (unchanged when their MAD is 0).</summary>
    public static IReadOnlyList<double> Clipped(IReadOnlyList<double> logRatios)
    {
        ArgumentNullException.ThrowIfNull(logRatios);
        if (logRatios.Count < 3)
        {
            return logRatios;
        }

        var median = Median(logRatios.ToArray());
        var spread = 1.4826 * Median(logRatios.Select(x => Math.Abs(x - median)).ToArray());
        return spread == 0 ? logRatios : logRatios.Select(x => Math.Clamp(x, median - (ClipBound * spread), median + (ClipBound * spread))).ToList();
    }

    /// <summary>The interval over the pairs' block log-ratios (one list per pair, each with at least one block).</summary>
    public static PairEstimate Estimate(IReadOnlyList<IReadOnlyList<double>> pairs, double priorSpread, int priorWeight, double confidenceLevel)
    {
        ArgumentNullException.ThrowIfNull(pairs);
        if (pairs.Count == 0 || pairs.Any(p => p.Count == 0))
        {
            throw new ArgumentException("At least one pair, each with at least one block, is needed.", nameof(pairs));
        }

        pairs = pairs.Select(Clipped).ToList();

        var k = pairs.Count;
        var estimates = pairs.Select(p => p.Average()).ToArray();
        var mean = estimates.Average();
        var blocks = pairs.Sum(p => p.Count);
        var withinDegrees = blocks - k;
        var within = withinDegrees == 0 ? 0 : pairs.Select((p, i) => p.Sum(x => (x - estimates[i]) * (x - estimates[i]))).Sum() / withinDegrees;
        var between = k == 1 ? 0 : estimates.Sum(y => (y - mean) * (y - mean)) / (k - 1);

        // The prior's two parts: the machine class's between-pair variance (priorWeight degrees of freedom) and this
        // verdict's own within-pair scatter per pair estimate (blocks - k degrees of freedom).
        var priorBetween = priorSpread * priorSpread;
        var priorWithin = within * pairs.Average(p => 1.0 / p.Count);
        var prior = priorBetween + priorWithin;
        var priorDegrees = priorWeight == 0 ? 0 : Satterthwaite(prior, priorBetween, priorWeight, priorWithin, withinDegrees);
        var degrees = priorDegrees + k - 1;
        if (degrees <= 0)
        {
            return new PairEstimate(new Interval(mean, double.NegativeInfinity, double.PositiveInfinity, confidenceLevel, k), estimates, Math.Sqrt(within), Math.Sqrt(between), double.NaN, degrees);
        }

        var pooled = double.IsPositiveInfinity(priorDegrees) ? prior : ((priorDegrees * prior) + ((k - 1) * between)) / degrees;
        var spread = Math.Sqrt(pooled);
        var t = double.IsPositiveInfinity(degrees) ? NormalDistribution.Standard.Quantile(1 - ((1 - confidenceLevel) / 2)) : new StudentDistribution(degrees).Quantile(1 - ((1 - confidenceLevel) / 2));
        var half = t * spread / Math.Sqrt(k);
        return new PairEstimate(new Interval(mean, mean - half, mean + half, confidenceLevel, k), estimates, Math.Sqrt(within), Math.Sqrt(between), spread, degrees);
    }

    /// <summary>
    /// The pair whose estimate lies furthest from the median of the others, in units of the larger of the others' robust
    /// spread (scaled MAD) and the spread a pair is expected to have (<paramref name="priorSpread"/> with the pair's own
    /// within-pair scatter); -1 unless there are at least four pairs and it lies beyond <see cref="OutlierBound"/>.
    /// </summary>
    public static int Outlier(IReadOnlyList<IReadOnlyList<double>> pairs, double priorSpread)
    {
        ArgumentNullException.ThrowIfNull(pairs);
        if (pairs.Count < 4)
        {
            return -1;
        }

        pairs = pairs.Select(Clipped).ToList();

        var estimates = pairs.Select(p => p.Average()).ToArray();
        var k = pairs.Count;
        var blocks = pairs.Sum(p => p.Count);
        var within = blocks == k ? 0 : pairs.Select((p, i) => p.Sum(x => (x - estimates[i]) * (x - estimates[i]))).Sum() / (blocks - k);
        var worst = -1;
        var worstScore = OutlierBound;
        for (var i = 0; i < k; i++)
        {
            var others = estimates.Where((_, j) => j != i).ToArray();
            var median = Median(others);
            var mad = 1.4826 * Median(others.Select(o => Math.Abs(o - median)).ToArray());
            var expected = Math.Sqrt((priorSpread * priorSpread) + (within / pairs[i].Count));
            var scale = Math.Max(mad, expected);
            var score = scale > 0 ? Math.Abs(estimates[i] - median) / scale : 0;
            if (score > worstScore)
            {
                worst = i;
                worstScore = score;
            }
        }

        return worst;
    }

    private static double Satterthwaite(double total, double first, double firstDegrees, double second, double secondDegrees)
    {
        var denominator = (first * first / firstDegrees) + (secondDegrees > 0 ? second * second / secondDegrees : 0);
        return denominator > 0 ? total * total / denominator : double.PositiveInfinity;
    }

    private static double Median(double[] values)
    {
        Array.Sort(values);
        var middle = values.Length / 2;
        return values.Length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    }
}
