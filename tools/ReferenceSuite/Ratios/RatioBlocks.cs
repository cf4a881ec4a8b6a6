using PerfAssert.Statistics;

namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>
/// The time per call of every case of one interleaved group, block by block. A block runs each case once as a timed batch
/// (in a fresh random order, then in the reverse order), so every case of a block shares the machine's state of those few
/// hundred milliseconds: the log of two cases' times in one block is one observation of their ratio, and the blocks, not
/// the calls, are the independent observations. A ratio is the Hodges-Lehmann estimate over the blocks' log-ratios with
/// the signed-rank interval, as the verdicts estimate theirs.
/// </summary>
public sealed class RatioBlocks
{
    private readonly Dictionary<string, List<double>> _nanoseconds;

    /// <summary>Creates an empty record for the named cases.</summary>
    public RatioBlocks(IEnumerable<string> cases)
    {
        ArgumentNullException.ThrowIfNull(cases);
        _nanoseconds = cases.ToDictionary(c => c, _ => new List<double>(), StringComparer.Ordinal);
    }

    /// <summary>The number of complete blocks.</summary>
    public int Count { get; private set; }

    /// <summary>The cases, in the order given.</summary>
    public IEnumerable<string> Cases => _nanoseconds.Keys;

    /// <summary>Adds one block: nanoseconds per call of every case, each positive.</summary>
    public void Add(IReadOnlyDictionary<string, double> nanosecondsPerCall)
    {
        ArgumentNullException.ThrowIfNull(nanosecondsPerCall);
        if (nanosecondsPerCall.Count != _nanoseconds.Count || _nanoseconds.Keys.Any(c => !nanosecondsPerCall.TryGetValue(c, out var ns) || !(ns > 0)))
        {
            throw new ArgumentException("A block times every case of the group once, each with a positive time.", nameof(nanosecondsPerCall));
        }

        foreach (var (name, times) in _nanoseconds)
        {
            times.Add(nanosecondsPerCall[name]);
        }

        Count++;
    }

    /// <summary>Whether the group has the named case.</summary>
    public bool Contains(string name) => _nanoseconds.ContainsKey(name);

    /// <summary>Each block's log of <paramref name="numerator"/>'s time over <paramref name="denominator"/>'s.</summary>
    public IReadOnlyList<double> LogRatios(string numerator, string denominator)
    {
        var top = _nanoseconds[numerator];
        var bottom = _nanoseconds[denominator];
        return [.. top.Select((t, i) => Math.Log(t / bottom[i]))];
    }

    /// <summary>
    /// The ratio of <paramref name="numerator"/>'s time per call to <paramref name="denominator"/>'s: the Hodges-Lehmann
    /// estimate over blocks with its signed-rank interval, back on the ratio scale (unbounded with too few blocks).
    /// </summary>
    public Interval Ratio(string numerator, string denominator, double confidenceLevel) =>
        HodgesLehmann.Estimate(LogRatios(numerator, denominator), confidenceLevel).Map(Math.Exp);

    /// <summary>The median time per call of one case over the blocks, in nanoseconds (every case of a block timed together).</summary>
    public double MedianNanoseconds(string name)
    {
        var sorted = _nanoseconds[name].Order().ToArray();
        var middle = sorted.Length / 2;
        return sorted.Length == 0 ? double.NaN : sorted.Length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /// <summary>How far an interval reaches from its estimate: the larger relative distance of its two bounds (infinite when unbounded).</summary>
    public static double RelativeHalfWidth(Interval ratio) => ratio.IsBounded && ratio.Estimate > 0
        ? Math.Max((ratio.Upper / ratio.Estimate) - 1, 1 - (ratio.Lower / ratio.Estimate))
        : double.PositiveInfinity;
}
