using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace PerfAssert.Diagnosis;

/// <summary>
/// Bytes per call by allocated type and allocating method, from the runtime's allocation sampling (.NET 10's
/// <c>AllocationSampled</c> events). The runtime treats every allocated byte as a trial that succeeds with probability
/// <see cref="SamplingProbability"/> and reports an object when any of its bytes succeeds, so an object of <c>s</c> bytes
/// is reported with probability <c>P = 1 - (1 - p)^s</c>; each report stands for <c>s / P</c> bytes, which makes the sum an
/// unbiased estimate of the bytes allocated (the weighted-sample estimate of the runtime's design for the feature). Its
/// variance is estimated from the reports as the sum of <c>s^2 (1 - P) / P^2</c>, and the interval is normal at
/// <see cref="ConfidenceLevel"/>.
/// </summary>
internal sealed class AllocationProfile
{
    /// <summary>The chance that one allocated byte is picked: one in 102,400 (about one report per 100 KB allocated).</summary>
    public const double SamplingProbability = 1.0 / 102_400;

    /// <summary>The confidence of each estimate's interval.</summary>
    public const double ConfidenceLevel = 0.95;

    /// <summary>Estimates the bytes per call of <paramref name="samples"/>, reported over <paramref name="calls"/> calls.</summary>
    public AllocationProfile(IEnumerable<SampledAllocation> samples, long calls)
    {
        ArgumentNullException.ThrowIfNull(samples);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(calls);
        var z = NormalDistribution.Standard.Quantile(1 - ((1 - ConfidenceLevel) / 2));
        var all = samples.Where(s => s.ObjectSize > 0).ToList();
        Samples = all;
        Calls = calls;
        Estimates = [.. all.GroupBy(s => (s.Type, s.Method)).Select(group => Estimate(group.Key.Type, group.Key.Method, group.ToList(), calls, z))
            .OrderByDescending(e => e.BytesPerCall).ThenBy(e => e.Type, StringComparer.Ordinal).ThenBy(e => e.Method, StringComparer.Ordinal)];
        Total = Estimate("(all)", "(all)", all, calls, z);
    }

    /// <summary>The sampled allocations the estimates rest on.</summary>
    public IReadOnlyList<SampledAllocation> Samples { get; }

    /// <summary>The calls the samples were reported over.</summary>
    public long Calls { get; }

    /// <summary>One estimate per allocated type and allocating method, largest first.</summary>
    public IReadOnlyList<AllocationEstimate> Estimates { get; }

    /// <summary>Every sampled allocation together: the bytes per call the samples account for.</summary>
    public AllocationEstimate Total { get; }

    /// <summary>The recordings of one side, as one profile: their samples together over their calls together.</summary>
    public static AllocationProfile Pool(IEnumerable<AllocationProfile> profiles)
    {
        ArgumentNullException.ThrowIfNull(profiles);
        var all = profiles.ToList();
        return all.Count switch
        {
            0 => throw new ArgumentException("There is nothing to pool.", nameof(profiles)),
            1 => all[0],
            _ => new AllocationProfile(all.SelectMany(p => p.Samples), all.Sum(p => p.Calls)),
        };
    }

    /// <summary>The bytes one report of an object of <paramref name="size"/> bytes stands for.</summary>
    public static double Weight(long size) => size / Reported(size);

    /// <summary>The chance that an object of <paramref name="size"/> bytes is reported.</summary>
    private static double Reported(long size) => -double.ExpM1(size * double.LogP1(-SamplingProbability));

    private static AllocationEstimate Estimate(string type, string method, IReadOnlyList<SampledAllocation> samples, long calls, double z)
    {
        var bytes = 0.0;
        var variance = 0.0;
        foreach (var sample in samples)
        {
            var reported = Reported(sample.ObjectSize);
            bytes += sample.ObjectSize / reported;
            variance += (double)sample.ObjectSize * sample.ObjectSize * (1 - reported) / (reported * reported);
        }

        var half = z * Math.Sqrt(variance);
        return new AllocationEstimate(type, method, bytes / calls, Math.Max(0, bytes - half) / calls, (bytes + half) / calls, samples.Count, Math.Sqrt(variance) / calls);
    }
}
