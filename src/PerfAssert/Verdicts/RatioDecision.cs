using PerfAssert.Statistics;

namespace PerfAssert.Verdicts;

/// <summary>
/// The decision rule for a ratio budget <c>ratio &lt;= limit</c>, applied at each sequential look:
/// Pass when the whole interval is below <c>limit x (1 + noise floor)</c> (Improved when it is even below
/// <c>limit x improvement mark</c>); Regression when the whole interval is above the limit and the estimate exceeds it by
/// more than the noise floor; otherwise keep measuring, and at the last look say Inconclusive.
/// </summary>
internal static class RatioDecision
{
    /// <summary>The budget plus the noise floor: a Pass needs the whole interval below it, a Regression the estimate above it.</summary>
    public static double Tolerated(double limit, PerfOptions options) => limit * (1 + options.NoiseFloor);

    public static VerdictOutcome? Decide(Interval ratio, double limit, PerfOptions options, bool finalLook)
    {
        var tolerated = Tolerated(limit, options);
        if (ratio.Upper <= tolerated)
        {
            return ratio.Upper < limit * options.ImprovementMark ? VerdictOutcome.Improved : VerdictOutcome.Pass;
        }

        if (ratio.Lower > limit && ratio.Estimate > tolerated)
        {
            return VerdictOutcome.Regression;
        }

        return finalLook ? VerdictOutcome.Inconclusive : null;
    }
}
