using PerfAssert.Statistics;

namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>
/// Whether a case measures the same first in a fresh process and again after other cases, from process pairs measured side
/// by side (<c>--first-and-again</c>): each pair's blocks give log-ratios of again over first, the pair is the unit of
/// evidence (its blocks share its processes' luck), and the ratio's 99% interval is a t-interval over the pairs' estimates
/// with pairs - 1 degrees of freedom and no prior. The two agree when the interval holds 1 and the estimate is within
/// <see cref="Tolerance"/> of it.
/// </summary>
/// <param name="Ratio">Again over first: the geometric mean over the pairs.</param>
/// <param name="Low">The interval's lower end.</param>
/// <param name="High">The interval's upper end.</param>
/// <param name="PairRatios">Each pair's own estimate.</param>
public sealed record FirstAndAgainAgreement(double Ratio, double Low, double High, IReadOnlyList<double> PairRatios)
{
    /// <summary>How far from 1 the estimate may lie and still agree.</summary>
    public const double Tolerance = 0.05;

    /// <summary>The confidence of the interval.</summary>
    public const double ConfidenceLevel = 0.99;

    /// <summary>Whether the interval holds 1 and the estimate lies within <see cref="Tolerance"/> of it.</summary>
    public bool Agrees => Low <= 1 && High >= 1 && Math.Abs(Ratio - 1) <= Tolerance;

    /// <summary>The agreement over <paramref name="pairs"/>: per process pair, its blocks' log-ratios of again over first.</summary>
    public static FirstAndAgainAgreement Of(IReadOnlyList<IReadOnlyList<double>> pairs)
    {
        ArgumentNullException.ThrowIfNull(pairs);
        if (pairs.Count < 2)
        {
            throw new ArgumentException("The interval needs at least two process pairs: one pair says nothing of how processes differ.", nameof(pairs));
        }

        var estimate = PairInterval.Estimate(pairs, priorSpread: 0, priorWeight: 0, ConfidenceLevel);
        var interval = estimate.LogRatio;
        return new FirstAndAgainAgreement(Math.Exp(interval.Estimate), Math.Exp(interval.Lower), Math.Exp(interval.Upper), [.. estimate.PairLogRatios.Select(Math.Exp)]);
    }
}
