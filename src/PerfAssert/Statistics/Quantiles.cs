using Perfolizer.Mathematics.QuantileEstimators;
using Pragmastat;

namespace PerfAssert.Statistics;

/// <summary>Quantiles of measured values.</summary>
internal static class Quantiles
{
    /// <summary>The linear-interpolation (type 7) quantile of sorted values: cheap enough to run per block.</summary>
    public static double OfSorted(ReadOnlySpan<double> sorted, double probability)
    {
        if (sorted.IsEmpty)
        {
            throw new ArgumentException("At least one value is needed.", nameof(sorted));
        }

        var position = (sorted.Length - 1) * probability;
        var lower = (int)Math.Floor(position);
        var upper = Math.Min(lower + 1, sorted.Length - 1);
        return sorted[lower] + ((sorted[upper] - sorted[lower]) * (position - lower));
    }

    /// <summary>The Harrell-Davis quantile (Perfolizer): smoother and more efficient for tail percentiles in reports.</summary>
    public static double HarrellDavis(IReadOnlyList<double> values, double probability)
    {
        ArgumentNullException.ThrowIfNull(values);
        // Perfolizer 0.6 takes its Sample from Pragmastat and answers a Measurement; the value is its NominalValue.
        return HarrellDavisQuantileEstimator.Instance.Quantile(new Sample(values.ToArray()), probability).NominalValue;
    }
}
