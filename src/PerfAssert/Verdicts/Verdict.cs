using PerfAssert.Statistics;

namespace PerfAssert.Verdicts;

/// <summary>The outcome of one budget, with everything its message says, as data for reports and baselines.</summary>
public sealed record Verdict
{
    /// <summary>The measured operation.</summary>
    public required string Subject { get; init; }

    /// <summary>The operation it was compared with, for relative budgets.</summary>
    public string? Partner { get; init; }

    /// <summary>What was measured, for example <c>mean latency ratio</c> or <c>allocated bytes per op</c>.</summary>
    public required string Metric { get; init; }

    /// <summary>The unit of <see cref="Measured"/> and <see cref="Limit"/>, for example <c>x</c>, <c>B/op</c>, <c>us</c>.</summary>
    public required string Unit { get; init; }

    /// <summary>The measured value; for statistical budgets its estimate and confidence interval.</summary>
    public required Interval Measured { get; init; }

    /// <summary>The budget: the largest acceptable value, before <see cref="Tolerance"/>; the smallest when <see cref="AtLeast"/>.</summary>
    public required double Limit { get; init; }

    /// <summary>
    /// Whether the budget is a floor (for example requests per second at least 0.9 times the partner's): the message then
    /// reads <c>&gt;=</c> for a pass and <c>&lt;</c> for a regression. <value>The default is <see langword="false"/>: a ceiling.</value>
    /// </summary>
    public bool AtLeast { get; init; }

    /// <summary>
    /// For exact budgets (allocations, GC counts): how far above <see cref="Limit"/> a measurement may go and still pass,
    /// so the effective limit is <c>Limit + Tolerance</c>, and that is what the message prints as the budget.
    /// </summary>
    public double Tolerance { get; init; }

    /// <summary>What the budget check concluded.</summary>
    public required VerdictOutcome Outcome { get; init; }

    /// <summary>How the sample size reads, for example <c>16 blocks</c> or <c>min of 3 x 1,000 ops</c>.</summary>
    public required string Evidence { get; init; }

    /// <summary>Whether a second pass in reversed order confirmed a regression.</summary>
    public bool Confirmed { get; init; }

    /// <summary>Whether a failing outcome is only advisory (for example an absolute time on another machine class).</summary>
    public bool Advisory { get; init; }

    /// <summary>Why the outcome is what it is, when that is not obvious (unconfirmed regression, Debug build, ...).</summary>
    public string? Reason { get; init; }

    /// <summary>
    /// Where the difference comes from, when the verdict was diagnosed (<see cref="PerfOptions.Diagnosis"/>): the lines the
    /// message ends with, or one line saying why there is no diagnosis.
    /// </summary>
    public string? Diagnosis { get; init; }

    /// <summary>The message, from <see cref="VerdictFormatter"/>: one line, then the <see cref="Diagnosis"/> if there is one.</summary>
    public string Message => VerdictFormatter.Format(this);

    /// <summary>
    /// Whether the verdict fails a test: a non-advisory Regression or Invalid, a missing baseline, or Inconclusive in strict
    /// mode. An advisory verdict never fails, whatever it says: it is reported as a warning instead.
    /// </summary>
    public bool Fails(bool strict) => Outcome switch
    {
        VerdictOutcome.Regression or VerdictOutcome.Invalid => !Advisory,
        VerdictOutcome.NoBaseline => true,
        VerdictOutcome.Inconclusive => strict && !Advisory,
        _ => false,
    };

    /// <summary>
    /// Whether the verdict deserves a warning instead of a failure: an Inconclusive that does not fail (outside strict mode,
    /// or advisory), or an advisory Regression or Invalid.
    /// </summary>
    public bool Warns(bool strict) =>
        !Fails(strict) && (Outcome is VerdictOutcome.Inconclusive || (Advisory && Outcome is VerdictOutcome.Regression or VerdictOutcome.Invalid));
}
