using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Measurement;

/// <summary>What <see cref="PairJudge"/> decided over a baseline-build comparison's process pairs.</summary>
/// <param name="Ratio">The ratio (working tree over reference build) with its pair-level interval; its sample size is the number of pairs used.</param>
/// <param name="Outcome">The outcome; a Regression that the confirmation's pairs did not bear out is Inconclusive.</param>
/// <param name="Confirmed">Whether a Regression held with the confirmation's reversed pairs judged together with the first.</param>
/// <param name="Evidence">How much it rests on, for the message: pairs used (first and reversed), blocks, pairs dropped.</param>
/// <param name="Reason">Why the outcome is what it is when that needs saying: an unconfirmed first look, a dropped pair.</param>
/// <param name="Pairs">Every pair measured, dropped ones included, with its blocks: the results file keeps them.</param>
/// <param name="SubjectNanosecondsPerOp">The working tree's geometric mean over the used pairs' blocks of its time per call.</param>
/// <param name="PartnerNanosecondsPerOp">The reference build's, the same way.</param>
/// <param name="FirstOutcome">What the pairs before any confirmation said.</param>
internal sealed record PairVerdict(
    Interval Ratio,
    VerdictOutcome Outcome,
    bool Confirmed,
    string Evidence,
    string? Reason,
    IReadOnlyList<BuildPairEvidence> Pairs,
    double SubjectNanosecondsPerOp,
    double PartnerNanosecondsPerOp,
    VerdictOutcome? FirstOutcome);
