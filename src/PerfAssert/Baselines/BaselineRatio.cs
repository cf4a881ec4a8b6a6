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
    /// How high the ratio a new run of the same change estimates may come, at this ratio's confidence: the estimate times
    /// <c>exp(sqrt(2) x sqrt(h^2 + (z x EffectSpread x ln(estimate))^2))</c>, <c>h</c> the interval's half-width in log
    /// units and <c>z</c> its normal quantile. Each run's estimate errs by its interval's share and by the run-to-run
    /// movement of the effect itself (<see cref="EffectSpread"/>), and a new run errs as much as this one, so their
    /// difference spreads sqrt(2) times as much as one of them (a prediction bound, not a confidence bound). An approved
    /// slowdown's budget is never below it: a re-run of an accepted change cannot fail because the accepted run happened
    /// to measure it low.
    /// </summary>
    public double RerunBound
    {
        get
        {
            if (!(Lower > 0 && Upper >= Lower && Estimate > 0))
            {
                return double.PositiveInfinity;
            }

            var half = Math.Log(Upper / Lower) / 2;
            var z = ConfidenceLevel is > 0 and < 1 ? NormalDistribution.Standard.Quantile(1 - ((1 - ConfidenceLevel) / 2)) : 0;
            var effect = z * EffectSpread * Math.Abs(Math.Log(Estimate));
            return Estimate * Math.Exp(Math.Sqrt(2) * Math.Sqrt((half * half) + (effect * effect)));
        }
    }
}
