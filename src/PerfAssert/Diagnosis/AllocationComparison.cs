using System.Globalization;

namespace PerfAssert.Diagnosis;

/// <summary>
/// Two sides' sampled allocations compared by allocated type and allocating method, in bytes per call, over one or more
/// process pairs; the table's figures pool the pairs. The rule, as for CPU samples (<see cref="ProfileComparison"/>): within
/// a pair a difference shows when it exceeds <see cref="Z"/> standard errors of the two estimates together, and a row is
/// more than noise only when every pair shows it in the same direction and the two sides' recordings do not overlap
/// (<see cref="ProfileComparison.Separated"/>), <see cref="Z"/> set so that over all the rows
/// compared the chance of any row marked by noise alone is <see cref="ProfileComparison.FamilyErrorRate"/> (Bonferroni). A
/// rarely sampled type has a side with no report at all, whose estimate's standard error reads 0: two pairs keep such a
/// row from being marked on one unlucky draw (A/A, one pair: a 64 B per call <c>TwoElementAsyncLocalValueMap</c> against none).
/// </summary>
internal sealed class AllocationComparison
{
    private AllocationComparison(IReadOnlyList<AllocationDifference> rows, double z, AllocationProfile baseline, AllocationProfile current)
    {
        Rows = rows;
        Z = z;
        Baseline = baseline;
        Current = current;
    }

    /// <summary>The reference side's recordings pooled: what the table's figures rest on.</summary>
    public AllocationProfile Baseline { get; }

    /// <summary>The judged side's recordings pooled.</summary>
    public AllocationProfile Current { get; }

    /// <summary>Every type and method of either side, those more than noise first, then by the size of their difference.</summary>
    public IReadOnlyList<AllocationDifference> Rows { get; }

    /// <summary>How many standard errors a difference must exceed.</summary>
    public double Z { get; }

    /// <summary>The difference per call of the rows marked as more than noise: what the table explains.</summary>
    public double ExplainedBytesPerCall => Rows.Where(r => r.MoreThanNoise).Sum(r => r.DifferenceBytesPerCall);

    /// <summary>Compares <paramref name="current"/> (the side being judged) with <paramref name="baseline"/>, one recording of each.</summary>
    public static AllocationComparison Compare(AllocationProfile baseline, AllocationProfile current) => Compare([(baseline, current)]);

    /// <summary>Compares the judged side with the reference side over <paramref name="pairs"/>, one recording of each side per process pair.</summary>
    public static AllocationComparison Compare(IReadOnlyList<(AllocationProfile Baseline, AllocationProfile Current)> pairs)
    {
        ArgumentNullException.ThrowIfNull(pairs);
        if (pairs.Count == 0)
        {
            throw new ArgumentException("A comparison needs at least one pair of profiles.", nameof(pairs));
        }

        var baseline = AllocationProfile.Pool(pairs.Select(p => p.Baseline));
        var current = AllocationProfile.Pool(pairs.Select(p => p.Current));
        var before = Keyed(baseline);
        var after = Keyed(current);
        var byPair = pairs.Select(p => (Baseline: Keyed(p.Baseline), Current: Keyed(p.Current))).ToList();
        var keys = before.Keys.Union(after.Keys).ToList();
        var z = ProfileComparison.FamilyZ(keys.Count);
        var rows = keys.Select(key =>
        {
            var (difference, standardError) = Difference(before, after, key);
            var signs = byPair.Select(p => Difference(p.Baseline, p.Current, key)).Select(d => d.StandardError > 0 && Math.Abs(d.Difference) > z * d.StandardError ? Math.Sign(d.Difference) : 0).ToList();
            var marked = signs.All(s => s != 0) && signs.Distinct().Count() == 1 && ProfileComparison.Separated(
                signs[0],
                [.. byPair.Select(p => p.Baseline.GetValueOrDefault(key)?.BytesPerCall ?? 0)],
                [.. byPair.Select(p => p.Current.GetValueOrDefault(key)?.BytesPerCall ?? 0)]);
            return new AllocationDifference(key.Type, key.Method, before.GetValueOrDefault(key)?.BytesPerCall ?? 0, after.GetValueOrDefault(key)?.BytesPerCall ?? 0, standardError, marked);
        }).OrderByDescending(r => r.MoreThanNoise).ThenByDescending(r => Math.Abs(r.DifferenceBytesPerCall)).ThenBy(r => r.Type, StringComparer.Ordinal).ThenBy(r => r.Method, StringComparer.Ordinal).ToList();
        return new AllocationComparison(rows, z, baseline, current);
    }

    private static Dictionary<(string Type, string Method), AllocationEstimate> Keyed(AllocationProfile profile) => profile.Estimates.ToDictionary(e => (e.Type, e.Method));

    private static (double Difference, double StandardError) Difference(
        Dictionary<(string Type, string Method), AllocationEstimate> baseline, Dictionary<(string Type, string Method), AllocationEstimate> current, (string Type, string Method) key)
    {
        var a = baseline.GetValueOrDefault(key);
        var b = current.GetValueOrDefault(key);
        return ((b?.BytesPerCall ?? 0) - (a?.BytesPerCall ?? 0), Math.Sqrt(Math.Pow(a?.StandardError ?? 0, 2) + Math.Pow(b?.StandardError ?? 0, 2)));
    }

    /// <summary>The coverage line: how much of the verdict's difference in bytes per call the rows marked as more than noise explain.</summary>
    public string Coverage(double verdictDifferenceBytesPerCall) => string.Create(CultureInfo.InvariantCulture,
        $"explains {ExplainedBytesPerCall:#,0} of {verdictDifferenceBytesPerCall:#,0} B per call");
}
