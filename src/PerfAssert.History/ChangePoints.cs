using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace PerfAssert.History;

/// <summary>
/// Where a series of one operation's figures over commits (oldest first) changed level: E-divisive means (Matteson and
/// James' energy statistic with exponent 1) proposes the split of a segment that best separates its two sides, and a
/// t-test between the two sides decides whether the split is real, as MongoDB's and Apache Otava's change-point detection
/// do. The t-test's p-value is multiplied by the number of splits the segment offered (Bonferroni), since the
/// split tested is the best of them, not one chosen in advance; without that, pure noise of 100 points would show a
/// "significant" split far more often than the level says. Accepted splits divide their segment and each side is searched
/// again, until no side has a significant split. Deterministic: the same series gives the same change points, and adding
/// points to the end does not move those already found unless the evidence does.
/// </summary>
internal static class ChangePoints
{
    /// <summary>Finds the series' change points, in the order of the series.</summary>
    /// <param name="series">The figures, oldest first; NaN and infinities are refused.</param>
    /// <param name="minSegment">The fewest points a level must hold on each side of a change (at least 2).</param>
    /// <param name="significance">The largest adjusted p-value a change may have.</param>
    /// <param name="minimumEffect">
    /// The smallest change of level, relative to the level before it, that counts: a shift of a few hundredths of a byte in
    /// an allocation count that is otherwise exact is certain and meaningless. 0 counts every significant change.
    /// </param>
    public static IReadOnlyList<ChangePoint> Find(IReadOnlyList<double> series, int minSegment = 3, double significance = 0.005, double minimumEffect = 0)
    {
        ArgumentNullException.ThrowIfNull(series);
        ArgumentOutOfRangeException.ThrowIfLessThan(minSegment, 2);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(significance);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(significance, 1);
        ArgumentOutOfRangeException.ThrowIfNegative(minimumEffect);
        if (series.Any(x => !double.IsFinite(x)))
        {
            throw new ArgumentException("The series holds a value that is not a finite number.", nameof(series));
        }

        var found = new List<ChangePoint>();
        var segments = new Stack<(int Start, int End)>();
        segments.Push((0, series.Count));
        while (segments.TryPop(out var segment))
        {
            if (Split(series, segment.Start, segment.End, minSegment) is not { } split)
            {
                continue;
            }

            var (before, after) = (Segment(series, segment.Start, split), Segment(series, split, segment.End));
            var candidates = segment.End - segment.Start - (2 * minSegment) + 1;
            var p = Math.Min(1, StudentP(before, after) * candidates);
            var (levelBefore, levelAfter) = (before.Average(), after.Average());
            if (p > significance || Math.Abs(levelAfter - levelBefore) < minimumEffect * Math.Abs(levelBefore))
            {
                continue;
            }

            found.Add(new ChangePoint(split, levelBefore, levelAfter, p));
            segments.Push((segment.Start, split));
            segments.Push((split, segment.End));
        }

        // Each level is read between its neighbouring change points, whichever order they were found in.
        var bounds = found.Select(c => c.Index).Order().Prepend(0).Append(series.Count).ToList();
        return [.. found.OrderBy(c => c.Index).Select((c, i) => c with
        {
            Before = Segment(series, bounds[i], bounds[i + 1]).Average(),
            After = Segment(series, bounds[i + 1], bounds[i + 2]).Average(),
        })];
    }

    /// <summary>
    /// The split of [start, end) with the largest energy statistic, each side at least <paramref name="minSegment"/> long; null
    /// when the segment is too short. Sums of distances are carried from one split to the next, so a segment costs O(n^2).
    /// </summary>
    private static int? Split(IReadOnlyList<double> x, int start, int end, int minSegment)
    {
        var n = end - start;
        if (n < 2 * minSegment)
        {
            return null;
        }

        // Splitting before `start + 1`: left holds one point, right the rest.
        double within = 0, between = 0, right = 0;
        for (var j = start + 1; j < end; j++)
        {
            between += Math.Abs(x[start] - x[j]);
            for (var l = j + 1; l < end; l++)
            {
                right += Math.Abs(x[j] - x[l]);
            }
        }

        (int Index, double Q)? best = null;
        for (var tau = start + 1; tau <= end - minSegment; tau++)
        {
            if (tau - start >= minSegment)
            {
                var (m, k) = ((double)(tau - start), (double)(end - tau));
                var q = (m * k / (m + k)) * ((2 * between / (m * k)) - (within / (m * (m - 1) / 2)) - (right / (k * (k - 1) / 2)));
                if (best is null || q > best.Value.Q)
                {
                    best = (tau, q);
                }
            }

            // Move x[tau] from the right side to the left.
            double toLeft = 0, toRight = 0;
            for (var i = start; i < tau; i++)
            {
                toLeft += Math.Abs(x[i] - x[tau]);
            }

            for (var j = tau + 1; j < end; j++)
            {
                toRight += Math.Abs(x[tau] - x[j]);
            }

            within += toLeft;
            right -= toRight;
            between += toRight - toLeft;
        }

        return best?.Index;
    }

    private static double[] Segment(IReadOnlyList<double> x, int start, int end) => [.. Enumerable.Range(start, end - start).Select(i => x[i])];

    /// <summary>
    /// The two-sided p-value of Student's t-test with pooled variance for a difference of means: exact when both sides are one
    /// level with normal noise, which is what "no change" means (Welch's test is liberal with sides of three or four points).
    /// </summary>
    internal static double StudentP(IReadOnlyList<double> a, IReadOnlyList<double> b)
    {
        var (meanA, meanB) = (a.Average(), b.Average());
        var df = a.Count + b.Count - 2;
        var pooled = (Squares(a, meanA) + Squares(b, meanB)) / df;
        if (pooled == 0)
        {
            return meanA == meanB ? 1 : 0;
        }

        var t = Math.Abs(meanA - meanB) / Math.Sqrt(pooled * ((1.0 / a.Count) + (1.0 / b.Count)));
        return 2 * (1 - new StudentDistribution(df).Cdf(t));
    }

    private static double Squares(IReadOnlyList<double> values, double mean) => values.Sum(v => (v - mean) * (v - mean));
}
/// <summary>A change of level in a series.</summary>
/// <param name="Index">The first point of the new level (the commit that changed it).</param>
/// <param name="Before">The mean of the level before: from the previous change point (or the start) up to this one.</param>
/// <param name="After">The mean of the level after: from this change point up to the next (or the end).</param>
/// <param name="PValue">The t-test's p-value times the splits its segment offered.</param>
internal sealed record ChangePoint(int Index, double Before, double After, double PValue)
{
    /// <summary>The change as a fraction of the level before: 0.10 is 10% higher.</summary>
    public double RelativeChange => (After / Before) - 1;
}
