using System.Globalization;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Measurement;

/// <summary>
/// Whether a comparison's timings rest on settled code: each side's warm-up settled, the JIT compiled or promoted nothing in
/// more than <see cref="MaxJitActiveShare"/> of the timed blocks, and the ratio did not drift from the first quarter of the
/// blocks to the last by more than <see cref="MaxDrift"/> (a side whose code is still being promoted gets faster while the
/// other does not; drift both sides share is what interleaving cancels, so only the ratio's is checked). A verdict that
/// rests on unsettled code is not a confident Pass or Regression: it becomes Inconclusive and says why.
/// </summary>
internal static class SettledCheck
{
    /// <summary>The share of timed blocks that may see JIT activity (a timer's first call, a rare path compiled once).</summary>
    public const double MaxJitActiveShare = 0.25;

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

        if (pass is not null && pass.Blocks > 0 && pass.JitActiveBlocks > pass.Blocks * MaxJitActiveShare)
        {
            reasons.Add(FormattableString.Invariant($"the JIT compiled or promoted during {pass.JitActiveBlocks} of {pass.Blocks} timed blocks"));
        }

        if (pass is not null && RatioDrift(pass) is { } drift && Math.Abs(drift - 1) > MaxDrift)
        {
            reasons.Add(string.Create(CultureInfo.InvariantCulture, $"the ratio drifted {drift:0.000}x from the first quarter of the blocks to the last"));
        }

        return reasons.Count == 0 ? null : "timed unsettled code: " + string.Join("; ", reasons);
    }

    /// <summary>
    /// More methods than this compiled in a pair's workers while its blocks ran means hot code was still being promoted: a
    /// worker's timers and rare paths (Kestrel's heartbeat, the date header) compile a few over the seconds a pair is timed.
    /// </summary>
    public const int MaxPairJitMethods = 20;

    /// <summary>
    /// Why a verdict between builds did not rest on settled code, or null when it did: more than
    /// <see cref="MaxJitActiveShare"/> of the pairs it kept had a worker whose warm-up did not settle, or compiled more than
    /// <see cref="MaxPairJitMethods"/> methods while the pair's blocks ran.
    /// </summary>
    public static string? Reason(IReadOnlyList<BuildPairEvidence>? pairs)
    {
        var kept = pairs?.Where(p => !p.Dropped).ToList() ?? [];
        var unsettled = kept.Count(p => !p.WarmupSettled);
        var jitActive = kept.Count(p => p.JitCompiledDuringBlocks > MaxPairJitMethods);
        if (kept.Count == 0 || Math.Max(unsettled, jitActive) <= kept.Count * MaxJitActiveShare)
        {
            return null;
        }

        return string.Create(CultureInfo.InvariantCulture,
            $"timed unsettled code: of the {kept.Count} pairs, {unsettled} had a worker whose warm-up did not settle and in {jitActive} the workers compiled more than {MaxPairJitMethods} methods during the blocks");
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
