using System.Globalization;
using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace PerfAssert.Diagnosis;

/// <summary>
/// Two sides' CPU profiles compared method by method as time per call, over one or more process pairs (each pair one
/// recording of each side). The table's figures pool the pairs: a method's samples over the calls of every recording of a
/// side. The noise rule works pair by pair: within a pair a method's samples on each side are read as Poisson counts, so the
/// difference of its two self times per call has a standard error of <c>interval x sqrt(a / calls_a^2 + b / calls_b^2)</c>
/// for <c>a</c> and <c>b</c> samples, and the pair shows a difference when it exceeds <see cref="Z"/> standard errors. A
/// row is more than noise only when every pair shows it, all in the same direction (an intersection-union test: its error
/// rate is at most that of one pair's test), and every recording of one side lies beyond every recording of the other
/// (<see cref="Separated"/>). Poisson counts say nothing of what differs from process to process (which
/// thread-pool threads spin, how a logger's queue contends, which tier a dynamic method is at): one pair marked such rows
/// in 3 of 15 A/A diagnoses, and they rarely line up in two pairs (1 in 105 pairings of the same diagnoses). <see cref="Z"/>
/// is set so that, over all the methods compared, the chance of any row marked by sampling noise alone is
/// <see cref="FamilyErrorRate"/> (Bonferroni). The row of frames the rundown could not name (<c>!?</c>: native code, the
/// runtime's stubs) is shown but never marked: it is no method a change can be found in, and it pools so many sources that
/// it moves more than Poisson counts allow (it was the only row marked in 3 of 40 A/A diagnoses under load and in one
/// process, 2026-11-29).
/// </summary>
internal sealed class ProfileComparison
{
    /// <summary>The chance, over all methods of one comparison, that the rule marks a row when nothing changed.</summary>
    public const double FamilyErrorRate = 0.05;

    private ProfileComparison(IReadOnlyList<MethodDifference> rows, double z, int pairs, StackProfile baseline, StackProfile current)
    {
        Rows = rows;
        Z = z;
        Pairs = pairs;
        Baseline = baseline;
        Current = current;
    }

    /// <summary>Every method of either side, those whose difference is more than noise first, then by the size of their self-time difference.</summary>
    public IReadOnlyList<MethodDifference> Rows { get; }

    /// <summary>How many standard errors a pair's difference must exceed.</summary>
    public double Z { get; }

    /// <summary>How many process pairs the comparison rests on.</summary>
    public int Pairs { get; }

    /// <summary>The reference side's recordings pooled: what the table's figures rest on.</summary>
    public StackProfile Baseline { get; }

    /// <summary>The judged side's recordings pooled.</summary>
    public StackProfile Current { get; }

    /// <summary>The self-time difference per call of the rows marked as more than noise, in nanoseconds: what the table explains.</summary>
    public double ExplainedNanosecondsPerCall => Rows.Where(r => r.MoreThanNoise).Sum(r => r.SelfDifferenceNs);

    /// <summary>Compares <paramref name="current"/> (the side being judged) with <paramref name="baseline"/>, one recording of each.</summary>
    public static ProfileComparison Compare(StackProfile baseline, StackProfile current) => Compare([(baseline, current)]);

    /// <summary>Compares the judged side with the reference side over <paramref name="pairs"/>, one recording of each side per process pair.</summary>
    public static ProfileComparison Compare(IReadOnlyList<(StackProfile Baseline, StackProfile Current)> pairs)
    {
        ArgumentNullException.ThrowIfNull(pairs);
        if (pairs.Count == 0)
        {
            throw new ArgumentException("A comparison needs at least one pair of profiles.", nameof(pairs));
        }

        var baseline = StackProfile.Pool(pairs.Select(p => p.Baseline));
        var current = StackProfile.Pool(pairs.Select(p => p.Current));
        var methods = baseline.Methods.Union(current.Methods, StringComparer.Ordinal).ToList();
        var z = FamilyZ(methods.Count);
        var rows = methods.Select(method => new MethodDifference(
            method,
            baseline.NanosecondsPerCall(baseline.SelfSamples(method)),
            current.NanosecondsPerCall(current.SelfSamples(method)),
            baseline.NanosecondsPerCall(baseline.InclusiveSamples(method)),
            current.NanosecondsPerCall(current.InclusiveSamples(method)),
            !IsUnnamed(method) && EveryPairShows(pairs, method, z)))
            .OrderByDescending(r => r.MoreThanNoise).ThenByDescending(r => Math.Abs(r.SelfDifferenceNs)).ThenBy(r => r.Method, StringComparer.Ordinal).ToList();
        return new ProfileComparison(rows, z, pairs.Count, baseline, current);
    }

    // The sign of the difference each pair shows beyond z of its standard errors (0 when it shows none); a row is marked when
    // every pair shows one, all agree, and the two sides' recordings do not overlap (Separated).
    private static bool EveryPairShows(IReadOnlyList<(StackProfile Baseline, StackProfile Current)> pairs, string method, double z)
    {
        var signs = pairs.Select(pair =>
        {
            var a = pair.Baseline.SelfSamples(method);
            var b = pair.Current.SelfSamples(method);
            var standardError = Math.Sqrt((Squared(pair.Baseline.NanosecondsPerCall(1)) * a) + (Squared(pair.Current.NanosecondsPerCall(1)) * b));
            var difference = pair.Current.NanosecondsPerCall(b) - pair.Baseline.NanosecondsPerCall(a);
            return standardError > 0 && Math.Abs(difference) > z * standardError ? Math.Sign(difference) : 0;
        }).ToList();
        return signs.All(s => s != 0) && signs.Distinct().Count() == 1 && Separated(
            signs[0],
            [.. pairs.Select(p => p.Baseline.NanosecondsPerCall(p.Baseline.SelfSamples(method)))],
            [.. pairs.Select(p => p.Current.NanosecondsPerCall(p.Current.SelfSamples(method)))]);
    }

    /// <summary>
    /// Whether every recording of the judged side lies beyond every recording of the reference side in the direction
    /// <paramref name="sign"/> of the difference (with one pair, that pair's direction). What differs from process to
    /// process (a logger's lock, spinning thread-pool threads) gives each process its own figure for a row; when the two
    /// builds are the same, the six recordings of three pairs are exchangeable, and the three pairs point the same way one
    /// time in four, but the judged side's three lie above (or below) all the reference side's only one time in ten (2 of the
    /// 20 ways to split six). A change moves every recording of its side, so it passes both. A/A between builds marked a
    /// row in 3 of 40 diagnoses before this check (every one a scratch service's console logger, 15 against 30 us a call
    /// from one process to the next).
    /// </summary>
    internal static bool Separated(int sign, IReadOnlyList<double> baseline, IReadOnlyList<double> current) =>
        sign > 0 ? current.Min() > baseline.Max() : sign < 0 && current.Max() < baseline.Min();

    /// <summary>The coverage line: how much of the verdict's difference per call (or per <paramref name="call"/>) the rows marked as more than noise explain.</summary>
    public string Coverage(double verdictDifferenceNanosecondsPerCall, string call = "call") => string.Create(CultureInfo.InvariantCulture,
        $"explains {ExplainedNanosecondsPerCall / 1000:0.0} of {verdictDifferenceNanosecondsPerCall / 1000:0.0} us per {call}");

    /// <summary>
    /// The two-sided normal quantile that keeps the chance of any of <paramref name="rows"/> differences marked by noise alone
    /// at <see cref="FamilyErrorRate"/> (Bonferroni): the rule of both the CPU and the allocation comparison.
    /// </summary>
    internal static double FamilyZ(int rows) => rows == 0 ? 0 : NormalDistribution.Standard.Quantile(1 - (FamilyErrorRate / (2 * rows)));

    /// <summary>Whether <paramref name="frame"/> is one the rundown could not name (<c>module!?</c>, or <c>!?</c> without a module).</summary>
    internal static bool IsUnnamed(string frame) => frame.EndsWith("!?", StringComparison.Ordinal);

    private static double Squared(double x) => x * x;
}
