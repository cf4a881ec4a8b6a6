using System.Globalization;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Measurement;

/// <summary>
/// Whether a comparison's timings rest on settled code: each side's warm-up settled, and the ratio did not drift from the
/// first quarter of the blocks to the last by more than <see cref="MaxDrift"/> and by more than the blocks' own scatter
/// explains (a side whose code is still being promoted gets faster while the other does not; drift both sides share is
/// what interleaving cancels, so only the ratio's is checked). A verdict that rests on unsettled code is not a confident Pass or Regression: it becomes Inconclusive and says
/// why. JIT activity during the timed blocks is recorded (<see cref="OperationSummary.JitActiveBlocks"/>,
/// <see cref="BuildPairEvidence.JitCompiledDuringBlocks"/>) but does not decide by itself: settled workers still compiled
/// 23 to 32 methods while a pair was timed (timers, rare paths, promotion of methods called now and then), and the first
/// comparison of a process compiles the comparison's own code, neither of which moves the timed code.
/// </summary>
internal static class SettledCheck
{
    /// <summary>The share of a verdict's pairs whose warm-up may have run out before it rests on unsettled code.</summary>
    public const double MaxUnsettledShare = 0.25;

    /// <summary>How far the ratio may move between the first and the last quarter of the blocks.</summary>
    public const double MaxDrift = 0.10;

    /// <summary>Blocks needed before quarters say anything about drift.</summary>
    private const int MinBlocksForDrift = 16;

    /// <summary>Why the comparison did not time settled code, or null when it did.</summary>
    public static string? Reason(WarmupResult subject, WarmupResult? partner, BlockPass? pass)
    {
        var reasons = new List<string>();
        if (!subject.Settled && subject.Unsettled is not null)
        {
            reasons.Add(FormattableString.Invariant($"the subject's warm-up did not settle ({subject.Unsettled})"));
        }

        if (partner is { Settled: false, Unsettled: { } why })
        {
            reasons.Add(FormattableString.Invariant($"the partner's warm-up did not settle ({why})"));
        }

        if (pass is not null && RatioDrift(pass) is { } drift && Math.Abs(drift - 1) > MaxDrift && Math.Abs(Math.Log(drift)) > DriftNoise(pass))
        {
            reasons.Add(string.Create(CultureInfo.InvariantCulture, $"the ratio drifted {drift:0.000}x from the first quarter of the blocks to the last"));
        }

        return reasons.Count == 0 ? null : "timed unsettled code: " + string.Join("; ", reasons);
    }

    /// <summary>
    /// Why a verdict between builds did not rest on settled code, or null when it did: more than
    /// <see cref="MaxUnsettledShare"/> of the pairs it kept had a worker whose warm-up did not settle.
    /// </summary>
    public static string? Reason(IReadOnlyList<BuildPairEvidence>? pairs)
    {
        var kept = pairs?.Where(p => !p.Dropped).ToList() ?? [];
        var unsettled = kept.Count(p => !p.WarmupSettled);
        if (kept.Count == 0 || unsettled <= kept.Count * MaxUnsettledShare)
        {
            return null;
        }

        return string.Create(CultureInfo.InvariantCulture,
            $"timed unsettled code: of the {kept.Count} pairs, {unsettled} had a worker whose warm-up did not settle");
    }

    /// <summary>The ratio's median over the last quarter of the blocks divided by its median over the first, or null for
    /// too few blocks.</summary>
    public static double? RatioDrift(BlockPass pass)
    {
        var n = Math.Min(pass.SubjectBlockNs.Count, pass.PartnerBlockNs.Count);
        if (n < MinBlocksForDrift)
        {
            return null;
        }

        var ratios = Enumerable.Range(0, n).Select(i => pass.SubjectBlockNs[i] / pass.PartnerBlockNs[i]).ToArray();
        var quarter = n / 4;
        double Median(IEnumerable<double> values)
        {
            var sorted = values.ToArray();
            Array.Sort(sorted);
            return Quantiles.OfSorted(sorted, 0.5);
        }

        return Median(ratios[^quarter..]) / Median(ratios[..quarter]);
    }

    /// <summary>
    /// How far the quarters' medians move by chance alone, in log units: three standard errors of the difference between two
    /// medians of a quarter's blocks each, with the blocks' scatter read from the differences between neighbouring blocks
    /// (so a trend, which is what the check looks for, does not count as scatter). Sixteen blocks scattering by +-15% moved
    /// their quarters' medians 1.108x apart on a clear 1.30x regression, and a drift check without this said "unsettled".
    /// </summary>
    public static double DriftNoise(BlockPass pass)
    {
        var n = Math.Min(pass.SubjectBlockNs.Count, pass.PartnerBlockNs.Count);
        if (n < MinBlocksForDrift)
        {
            return double.PositiveInfinity;
        }

        var logs = Enumerable.Range(0, n).Select(i => Math.Log(pass.SubjectBlockNs[i] / pass.PartnerBlockNs[i])).ToArray();
        var steps = logs.Skip(1).Zip(logs, (later, earlier) => Math.Abs(later - earlier)).ToArray();
        Array.Sort(steps);
        // A step is the difference of two blocks, so its scatter is sqrt(2) times a block's; 1.4826 x MAD estimates the
        // standard deviation of normal scatter, and 1.2533 sigma / sqrt(q) is the standard error of a median of q.
        var sigma = 1.4826 * Quantiles.OfSorted(steps, 0.5) / Math.Sqrt(2);
        var quarter = n / 4;
        return 3 * Math.Sqrt(2) * 1.2533 * sigma / Math.Sqrt(quarter);
    }

    /// <summary>A timing verdict that rests on unsettled code becomes Inconclusive with the reason; others are unchanged.</summary>
    public static Verdict Apply(Verdict verdict, string? reason)
    {
        if (reason is null || verdict.Unit is not ("x" or "us") || verdict.Outcome is not (VerdictOutcome.Pass or VerdictOutcome.Improved or VerdictOutcome.Regression))
        {
            return verdict;
        }

        var own = string.IsNullOrEmpty(verdict.Reason) ? string.Empty : verdict.Reason + "; ";
        return verdict with { Outcome = VerdictOutcome.Inconclusive, Reason = own + reason, Confirmed = false };
    }
}
