using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace PerfAssert.Baselines;

/// <summary>A latency ratio as recorded: estimate, interval, confidence level and the number of blocks behind it.</summary>
public sealed record BaselineRatio(double Estimate, double Lower, double Upper, double ConfidenceLevel, int Blocks)
{
    /// <summary>
    /// How much a change's effect (its log-ratio) moves from one run to the next beyond what either run's interval sees,
    /// as a share of the effect: the pairs of one run share the machine's state of the moment, so a change whose cost
    /// scales differently from the rest of the call (CPU work added to a call that mostly waits on the loopback) measures
    /// larger in one run than in the next, by an amount no interval of a single run contains. <value>0.15: on a 2-core
    /// linux-x64 runner (2026-11-28), five accepted slowdowns of 19-77% re-ran 10-36% of their log-ratio away (0.26 in
    /// root mean square, so 0.18 for one run), and two of the five failed against the bound without this term.</value>
    /// </summary>
    public const double EffectSpread = 0.15;

    /// <summary>
    /// For a ratio measured against the reference build, the number of process pairs its interval is over (the pair is
    /// the unit there; <see cref="Blocks"/> counts their blocks). <see langword="null"/> otherwise, and in entries recorded
    /// before it was kept.
    /// </summary>
    public int? Pairs { get; init; }

    /// <summary>
    /// For a ratio measured against the reference build, the reference build's time per call in that run (nanoseconds,
    /// geometric mean over blocks): the conditions the ratio was measured under. <see langword="null"/> otherwise, and in
    /// entries recorded before it was kept.
    /// </summary>
    public double? ReferenceNanosecondsPerOp { get; init; }

    /// <summary>
    /// This ratio as a run whose reference build takes <paramref name="referenceNanosecondsPerOp"/> per call would measure
    /// the same change, when that run's reference is faster than this one's was (<see cref="ConditionsFactor"/>): the change
    /// read as the time it adds per call, <c>1 + (ratio - 1) x factor</c>, its interval keeping its relative width. Work
    /// added to a call costs about the same time on a busy machine and a calm one, while the rest of the call (the loopback,
    /// the thread pool's wake-ups) slows with the load, so a slowdown measured on a busy machine reads low as a ratio.
    /// Unchanged without a recorded reference time, for a ratio of 1 or less, and when the new run's reference is as slow
    /// or slower: the ratio itself is then the more generous reading of the same change.
    /// </summary>
    public BaselineRatio At(double referenceNanosecondsPerOp)
    {
        var factor = ConditionsFactor(referenceNanosecondsPerOp);
        if (factor <= 1 || !(Estimate > 1))
        {
            return this;
        }

        var estimate = Added(Estimate, factor);
        var scale = estimate / Estimate;
        return this with { Estimate = estimate, Lower = Lower * scale, Upper = Upper * scale, ReferenceNanosecondsPerOp = referenceNanosecondsPerOp };
    }

    /// <summary>
    /// How many times as long the reference build took per call in the run that measured this ratio as it takes in a run
    /// that measures <paramref name="referenceNanosecondsPerOp"/>; 1 when either is unknown.
    /// </summary>
    public double ConditionsFactor(double referenceNanosecondsPerOp) =>
        ReferenceNanosecondsPerOp is { } then && then > 0 && referenceNanosecondsPerOp > 0 && double.IsFinite(referenceNanosecondsPerOp)
            ? then / referenceNanosecondsPerOp
            : 1;

    /// <summary>A ratio above 1 read as added time per call, on a reference <paramref name="factor"/> times as fast.</summary>
    internal static double Added(double ratio, double factor) => ratio > 1 && factor > 1 ? 1 + ((ratio - 1) * factor) : ratio;

    /// <summary>
    /// How high the ratio a new run of the same change estimates may come, at this ratio's confidence: the estimate times
    /// <c>exp(sqrt(2) x sqrt(h^2 + (z x EffectSpread x ln(estimate))^2))</c>, <c>h</c> the interval's half-width in log
    /// units and <c>z</c> its normal quantile. Each run's estimate errs by its interval's share and by the run-to-run
    /// movement of the effect itself (<see cref="EffectSpread"/>), and a new run errs as much as this one, so their
    /// difference spreads sqrt(2) times as much as one of them (a prediction bound, not a confidence bound). An approved
    /// slowdown's budget is never below it: a re-run of an accepted change cannot fail because the accepted run happened
    /// to measure it low.
    /// </summary>
    public double RerunBound => Bound(withEffect: true);

    /// <summary>
    /// The part of <see cref="RerunBound"/> that this run's imprecision alone accounts for (the estimate times
    /// <c>exp(sqrt(2) x h)</c>, without the effect's own movement): what a quieter re-run, measuring a narrower interval,
    /// would tighten. Where <see cref="RerunBound"/> lies well above it, the change's size is what loosens its allowance.
    /// </summary>
    public double ImprecisionBound => Bound(withEffect: false);

    private double Bound(bool withEffect)
    {
        if (!(Lower > 0 && Upper >= Lower && Estimate > 0))
        {
            return double.PositiveInfinity;
        }

        var half = Math.Log(Upper / Lower) / 2;
        var z = ConfidenceLevel is > 0 and < 1 ? NormalDistribution.Standard.Quantile(1 - ((1 - ConfidenceLevel) / 2)) : 0;
        var effect = withEffect ? z * EffectSpread * Math.Abs(Math.Log(Estimate)) : 0;
        return Estimate * Math.Exp(Math.Sqrt(2) * Math.Sqrt((half * half) + (effect * effect)));
    }
}
