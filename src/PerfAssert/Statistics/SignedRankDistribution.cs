using System.Collections.Concurrent;
using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace PerfAssert.Statistics;

/// <summary>
/// The null distribution of the Wilcoxon signed-rank statistic T+ for n observations: exact for n up to
/// <see cref="ExactLimit"/> (dynamic programming over rank sums), normal approximation above.
/// </summary>
internal static class SignedRankDistribution
{
    public const int ExactLimit = 300;

    private static readonly ConcurrentDictionary<int, double[]> Cumulative = new();

    /// <summary>The largest k with P(T+ &lt;= k) &lt;= <paramref name="tailProbability"/>, or -1 when even k = 0 is more likely.</summary>
    public static int LowerCriticalValue(int n, double tailProbability)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(n, 1);
        if (n > ExactLimit)
        {
            return NormalCriticalValue(n, tailProbability);
        }

        var cdf = Cumulative.GetOrAdd(n, Build);
        var k = -1;
        while (k + 1 < cdf.Length && cdf[k + 1] <= tailProbability)
        {
            k++;
        }

        return k;
    }

    private static double[] Build(int n)
    {
        var max = n * (n + 1) / 2;
        // probability[s] = P(T+ = s) for the ranks seen so far; each rank is in the positive set with probability 1/2.
        var probability = new double[max + 1];
        probability[0] = 1;
        var reach = 0;
        for (var rank = 1; rank <= n; rank++)
        {
            reach += rank;
            for (var s = reach; s >= 0; s--)
            {
                var without = probability[s];
                var with = s >= rank ? probability[s - rank] : 0;
                probability[s] = (without + with) / 2;
            }
        }

        var cdf = new double[max + 1];
        var sum = 0.0;
        for (var s = 0; s <= max; s++)
        {
            sum += probability[s];
            cdf[s] = sum;
        }

        return cdf;
    }

    private static int NormalCriticalValue(int n, double tailProbability)
    {
        var mean = n * (n + 1) / 4.0;
        var sd = Math.Sqrt(n * (n + 1) * (2 * n + 1) / 24.0);
        var z = NormalDistribution.Standard.Quantile(tailProbability);
        return Math.Max(-1, (int)Math.Floor(mean + (z * sd) - 0.5));
    }
}
