namespace PerfAssert.Statistics;

/// <summary>
/// The one-sample Hodges-Lehmann estimate (median of Walsh averages) with the confidence interval that inverts the
/// Wilcoxon signed-rank test. Robust to the occasional wild observation a noisy machine produces, and distribution-free
/// for symmetric noise, which is what block log-ratios of ABBA/BAAB blocks have when A and B are the same code.
/// </summary>
internal static class HodgesLehmann
{
    public static Interval Estimate(IReadOnlyList<double> values, double confidenceLevel)
    {
        ArgumentNullException.ThrowIfNull(values);
        var n = values.Count;
        if (n == 0)
        {
            throw new ArgumentException("At least one observation is needed.", nameof(values));
        }

        var walsh = new double[n * (n + 1) / 2];
        var index = 0;
        for (var i = 0; i < n; i++)
        {
            for (var j = i; j < n; j++)
            {
                walsh[index++] = (values[i] + values[j]) / 2;
            }
        }

        Array.Sort(walsh);
        var estimate = Median(walsh);
        var k = SignedRankDistribution.LowerCriticalValue(n, (1 - confidenceLevel) / 2);
        if (k < 0)
        {
            return new Interval(estimate, double.NegativeInfinity, double.PositiveInfinity, confidenceLevel, n);
        }

        // With critical value k, the interval runs from the (k+1)-th smallest to the (k+1)-th largest Walsh average.
        return new Interval(estimate, walsh[k], walsh[walsh.Length - 1 - k], confidenceLevel, n);
    }

    private static double Median(double[] sorted)
    {
        var middle = sorted.Length / 2;
        return sorted.Length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
