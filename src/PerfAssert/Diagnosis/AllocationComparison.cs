using System.Globalization;

namespace PerfAssert.Diagnosis;

/// <summary>
/// Two sides' sampled allocations compared by allocated type and allocating method, in bytes per call. The rule, as for CPU
/// samples (<see cref="ProfileComparison"/>): a difference is more than noise when it exceeds <see cref="Z"/> standard
/// errors of the two estimates together, <see cref="Z"/> set so that over all the rows compared the chance of any row
/// marked by noise alone is <see cref="ProfileComparison.FamilyErrorRate"/> (Bonferroni).
/// </summary>
internal sealed class AllocationComparison
{
    private AllocationComparison(IReadOnlyList<AllocationDifference> rows, double z)
    {
        Rows = rows;
        Z = z;
    }

    /// <summary>Every type and method of either side, those more than noise first, then by the size of their difference.</summary>
    public IReadOnlyList<AllocationDifference> Rows { get; }

    /// <summary>How many standard errors a difference must exceed.</summary>
    public double Z { get; }

    /// <summary>The difference per call of the rows marked as more than noise: what the table explains.</summary>
    public double ExplainedBytesPerCall => Rows.Where(r => r.MoreThanNoise).Sum(r => r.DifferenceBytesPerCall);

    /// <summary>Compares <paramref name="current"/> (the side being judged) with <paramref name="baseline"/>.</summary>
    public static AllocationComparison Compare(AllocationProfile baseline, AllocationProfile current)
    {
        ArgumentNullException.ThrowIfNull(baseline);
        ArgumentNullException.ThrowIfNull(current);
        var before = baseline.Estimates.ToDictionary(e => (e.Type, e.Method));
        var after = current.Estimates.ToDictionary(e => (e.Type, e.Method));
        var keys = before.Keys.Union(after.Keys).ToList();
        var z = ProfileComparison.FamilyZ(keys.Count);
        var rows = keys.Select(key =>
        {
            var a = before.GetValueOrDefault(key);
            var b = after.GetValueOrDefault(key);
            var standardError = Math.Sqrt(Math.Pow(a?.StandardError ?? 0, 2) + Math.Pow(b?.StandardError ?? 0, 2));
            var difference = (b?.BytesPerCall ?? 0) - (a?.BytesPerCall ?? 0);
            return new AllocationDifference(key.Type, key.Method, a?.BytesPerCall ?? 0, b?.BytesPerCall ?? 0, standardError, standardError > 0 && Math.Abs(difference) > z * standardError);
        }).OrderByDescending(r => r.MoreThanNoise).ThenByDescending(r => Math.Abs(r.DifferenceBytesPerCall)).ThenBy(r => r.Type, StringComparer.Ordinal).ThenBy(r => r.Method, StringComparer.Ordinal).ToList();
        return new AllocationComparison(rows, z);
    }

    /// <summary>The coverage line: how much of the verdict's difference in bytes per call the rows marked as more than noise explain.</summary>
    public string Coverage(double verdictDifferenceBytesPerCall) => string.Create(CultureInfo.InvariantCulture,
        $"explains {ExplainedBytesPerCall:#,0} of {verdictDifferenceBytesPerCall:#,0} B per call");
}
