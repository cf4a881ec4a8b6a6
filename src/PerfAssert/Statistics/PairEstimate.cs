namespace PerfAssert.Statistics;

/// <summary>A pair-level interval (log scale) with what it was made of.</summary>
/// <param name="LogRatio">The mean of the pairs' estimates and its interval; <see cref="Interval.SampleSize"/> is the number of pairs.</param>
/// <param name="PairLogRatios">Each pair's estimate: the mean of its blocks' log-ratios.</param>
/// <param name="WithinSpread">The standard deviation of one block's log-ratio around its pair's estimate.</param>
/// <param name="BetweenSpread">The standard deviation of the pairs' estimates (0 with one pair).</param>
/// <param name="PooledSpread">The pooled standard deviation of one pair's estimate the interval uses.</param>
/// <param name="DegreesOfFreedom">The t-interval's degrees of freedom.</param>
internal sealed record PairEstimate(Interval LogRatio, IReadOnlyList<double> PairLogRatios, double WithinSpread, double BetweenSpread, double PooledSpread, double DegreesOfFreedom);
