using PerfAssert.Reporting;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// One relative verdict of a comparison (a result measured against a partner, <see cref="PerfResult.Partner"/>): the two
/// sides, the ratio with its interval, the budget and the outcome. Comparisons get a table of their own, since a ratio
/// is no per-method figure: its result's mean is only the subject's side.
/// </summary>
/// <param name="Result">The comparison's result.</param>
/// <param name="Verdict">One of its verdicts.</param>
public sealed record ComparisonRow(PerfResult Result, Verdict Verdict)
{
    /// <summary>The measured operation.</summary>
    public string Subject => Verdict.Subject;

    /// <summary>The operation it was compared with: the verdict's partner, else the result's.</summary>
    public string Partner => Verdict.Partner ?? Result.Partner?.Name ?? ReportText.Missing;

    /// <summary>The statistic compared, for example <c>mean</c>.</summary>
    public string Statistic => Verdict.Metric;

    /// <summary>The measured ratio (subject over partner) with its confidence interval.</summary>
    public Interval Ratio => Verdict.Measured;

    /// <summary>The largest acceptable ratio, tolerance included.</summary>
    public double Budget => Verdict.Limit + Verdict.Tolerance;

    /// <summary>What the budget check concluded.</summary>
    public VerdictOutcome Outcome => Verdict.Outcome;
}
