using System.Globalization;
using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace PerfAssert.Diagnosis;

/// <summary>
/// Two sides' CPU profiles compared method by method as time per call. The noise rule: a method's samples on each side are
/// read as Poisson counts, so the difference of its two self times per call has a standard error of
/// <c>interval x sqrt(a / calls_a^2 + b / calls_b^2)</c> for <c>a</c> and <c>b</c> samples; a difference is more than noise
/// when it exceeds <see cref="Z"/> standard errors, <see cref="Z"/> set so that, over all the methods compared, the chance of
/// any row marked by noise alone is <see cref="FamilyErrorRate"/> (Bonferroni). A profiler that samples at a fixed interval
/// scatters less than Poisson counts do, so the rule errs towards calling a difference noise.
/// </summary>
internal sealed class ProfileComparison
{
    /// <summary>The chance, over all methods of one comparison, that the rule marks a row when nothing changed.</summary>
    public const double FamilyErrorRate = 0.05;

    private ProfileComparison(IReadOnlyList<MethodDifference> rows, double z)
    {
        Rows = rows;
        Z = z;
    }

    /// <summary>Every method of either side, those whose difference is more than noise first, then by the size of their self-time difference.</summary>
    public IReadOnlyList<MethodDifference> Rows { get; }

    /// <summary>How many standard errors a difference must exceed.</summary>
    public double Z { get; }

    /// <summary>The self-time difference per call of the rows marked as more than noise, in nanoseconds: what the table explains.</summary>
    public double ExplainedNanosecondsPerCall => Rows.Where(r => r.MoreThanNoise).Sum(r => r.SelfDifferenceNs);

    /// <summary>Compares <paramref name="current"/> (the side being judged) with <paramref name="baseline"/>.</summary>
    public static ProfileComparison Compare(StackProfile baseline, StackProfile current)
    {
        ArgumentNullException.ThrowIfNull(baseline);
        ArgumentNullException.ThrowIfNull(current);
        var methods = baseline.Methods.Union(current.Methods, StringComparer.Ordinal).ToList();
        var z = FamilyZ(methods.Count);
        var rows = methods.Select(method =>
        {
            var a = baseline.SelfSamples(method);
            var b = current.SelfSamples(method);
            var standardError = Math.Sqrt(Squared(baseline.NanosecondsPerCall(1)) * a + Squared(current.NanosecondsPerCall(1)) * b);
            var difference = current.NanosecondsPerCall(b) - baseline.NanosecondsPerCall(a);
            return new MethodDifference(
                method,
                baseline.NanosecondsPerCall(a),
                current.NanosecondsPerCall(b),
                baseline.NanosecondsPerCall(baseline.InclusiveSamples(method)),
                current.NanosecondsPerCall(current.InclusiveSamples(method)),
                standardError > 0 && Math.Abs(difference) > z * standardError);
        }).OrderByDescending(r => r.MoreThanNoise).ThenByDescending(r => Math.Abs(r.SelfDifferenceNs)).ThenBy(r => r.Method, StringComparer.Ordinal).ToList();
        return new ProfileComparison(rows, z);
    }

    /// <summary>The coverage line: how much of the verdict's difference per call the rows marked as more than noise explain.</summary>
    public string Coverage(double verdictDifferenceNanosecondsPerCall) => string.Create(CultureInfo.InvariantCulture,
        $"explains {ExplainedNanosecondsPerCall / 1000:0.0} of {verdictDifferenceNanosecondsPerCall / 1000:0.0} us per call");

    /// <summary>
    /// The two-sided normal quantile that keeps the chance of any of <paramref name="rows"/> differences marked by noise alone
    /// at <see cref="FamilyErrorRate"/> (Bonferroni): the rule of both the CPU and the allocation comparison.
    /// </summary>
    internal static double FamilyZ(int rows) => rows == 0 ? 0 : NormalDistribution.Standard.Quantile(1 - (FamilyErrorRate / (2 * rows)));

    private static double Squared(double x) => x * x;
}
