using Perfolizer.Mathematics.Distributions.ContinuousDistributions;
using PerfAssert.Measurement;
using PerfAssert.Statistics;

namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>
/// The time per call of every case of one interleaved group, block by block, and each timed call. A block runs each case
/// once as a timed batch (in a fresh random order, then in the reverse order), so every case of a block shares the
/// machine's state of those few hundred milliseconds: two cases' times in one block are one paired observation of their
/// ratio, and the blocks, not the calls, are the independent observations of it. Blocks are taken in rounds spread over
/// the whole phase, so every case's mean averages the same stretch of the machine's history; the round, not the block, is
/// the unit of a mean's interval, because the machine's speed drifts over tens of seconds and a mean (unlike a ratio)
/// does not cancel it.
/// <para>
/// A case's mean is its time over its calls: every block times the same number of calls of a case, so it is also the mean
/// of its blocks' times per call. A ratio is the quotient of two means, so the means and ratios the report prints are one
/// estimate; its interval is the delta method's over the blocks' paired times, on the log scale.
/// </para>
/// </summary>
public sealed class RatioBlocks
{
    private readonly Dictionary<string, CaseRecord> _cases;
    private readonly List<int> _rounds = [];

    /// <summary>Creates an empty record for the named cases.</summary>
    public RatioBlocks(IEnumerable<string> cases)
    {
        ArgumentNullException.ThrowIfNull(cases);
        _cases = cases.ToDictionary(c => c, _ => new CaseRecord(), StringComparer.Ordinal);
    }

    /// <summary>The number of complete blocks.</summary>
    public int Count => _rounds.Count;

    /// <summary>The cases, in the order given.</summary>
    public IEnumerable<string> Cases => _cases.Keys;

    /// <summary>The rounds the blocks were taken in.</summary>
    public int Rounds => _rounds.Distinct().Count();

    /// <summary>Adds one block: nanoseconds per call of every case, each positive, taken in <paramref name="round"/>.</summary>
    public void Add(IReadOnlyDictionary<string, double> nanosecondsPerCall, int round = 0)
    {
        ArgumentNullException.ThrowIfNull(nanosecondsPerCall);
        if (nanosecondsPerCall.Count != _cases.Count || _cases.Keys.Any(c => !nanosecondsPerCall.TryGetValue(c, out var ns) || !(ns > 0)))
        {
            throw new ArgumentException("A block times every case of the group once, each with a positive time.", nameof(nanosecondsPerCall));
        }

        foreach (var (name, record) in _cases)
        {
            record.Blocks.Add(nanosecondsPerCall[name]);
        }

        _rounds.Add(round);
    }

    /// <summary>Records one timed batch's calls of a case (nanoseconds each) in a round, and whether the JIT compiled anything meanwhile.</summary>
    public void AddCalls(string name, ReadOnlySpan<double> nanoseconds, bool jitActive, int round = 0)
    {
        var record = _cases[name];
        record.Calls.AddRange(nanoseconds);
        record.Batches.Add((round, jitActive));
    }

    /// <summary>Whether the group has the named case.</summary>
    public bool Contains(string name) => _cases.ContainsKey(name);

    /// <summary>The mean time per call of a case over every block, in nanoseconds (NaN before the first block).</summary>
    public double MeanNanoseconds(string name)
    {
        var blocks = _cases[name].Blocks;
        return blocks.Count == 0 ? double.NaN : blocks.Average();
    }

    /// <summary>
    /// The mean time per call of a case in nanoseconds, with its interval over the rounds: each round's mean of the case's
    /// blocks, a t-interval on their logs with rounds - 1 degrees of freedom around the log of the overall mean (unbounded
    /// with fewer than two rounds).
    /// </summary>
    public Interval Mean(string name, double confidenceLevel)
    {
        var mean = MeanNanoseconds(name);
        var blocks = _cases[name].Blocks;
        var perRound = _rounds.Select((round, i) => (round, i)).GroupBy(b => b.round).Select(g => Math.Log(g.Average(b => blocks[b.i]))).ToList();
        if (perRound.Count < 2)
        {
            return new Interval(mean, double.NegativeInfinity, double.PositiveInfinity, confidenceLevel, perRound.Count);
        }

        var reach = Quantile(perRound.Count - 1, confidenceLevel) * StandardDeviation(perRound) / Math.Sqrt(perRound.Count);
        return new Interval(mean, mean * Math.Exp(-reach), mean * Math.Exp(reach), confidenceLevel, perRound.Count);
    }

    /// <summary>
    /// <paramref name="numerator"/>'s mean time per call over <paramref name="denominator"/>'s, with the delta method's
    /// interval over the blocks: the log of the ratio varies by the variance of the blocks' <c>x/mean(x) - y/mean(y)</c>
    /// over their count, so a drift that slows both cases of a block alike cancels (unbounded with fewer than eight blocks).
    /// </summary>
    public Interval Ratio(string numerator, string denominator, double confidenceLevel)
    {
        var top = _cases[numerator].Blocks;
        var bottom = _cases[denominator].Blocks;
        var (topMean, bottomMean) = (top.Count == 0 ? double.NaN : top.Average(), bottom.Count == 0 ? double.NaN : bottom.Average());
        var ratio = topMean / bottomMean;
        if (Count < MinBlocks)
        {
            return new Interval(ratio, double.NegativeInfinity, double.PositiveInfinity, confidenceLevel, Count);
        }

        var residuals = top.Select((t, i) => (t / topMean) - (bottom[i] / bottomMean)).ToList();
        var reach = Quantile(Count - 1, confidenceLevel) * StandardDeviation(residuals) / Math.Sqrt(Count);
        return new Interval(ratio, ratio * Math.Exp(-reach), ratio * Math.Exp(reach), confidenceLevel, Count);
    }

    /// <summary>The scatter of a ratio's paired blocks: the standard deviation of one block's log-ratio about the ratio.</summary>
    public double BlockScatter(string numerator, string denominator)
    {
        var top = _cases[numerator].Blocks;
        var bottom = _cases[denominator].Blocks;
        return Count < 2 ? double.NaN : StandardDeviation([.. top.Select((t, i) => (t / top.Average()) - (bottom[i] / bottom.Average()))]);
    }

    /// <summary>The distribution of a case's timed calls over every block, or null before the first.</summary>
    public LatencyDistribution? Calls(string name)
    {
        var calls = _cases[name].Calls;
        if (calls.Count == 0)
        {
            return null;
        }

        var sorted = calls.Order().ToArray();
        // Harrell-Davis weighs every call for every quantile: for a few thousand calls it is the better estimator, beyond
        // that it costs seconds per case and agrees with the sorted calls' own quantile.
        double Quantile(double p) => sorted.Length <= 2_000 ? Quantiles.HarrellDavis(sorted, p) : Quantiles.OfSorted(sorted, p);
        return new LatencyDistribution(sorted.Length, calls.Average(), Quantile(0.5), Quantile(0.95), Quantile(0.99), sorted[^1]);
    }

    /// <summary>
    /// The share of a case's timed batches from <paramref name="fromRound"/> on during which the JIT compiled a method
    /// anywhere in the process.
    /// </summary>
    public double JitActiveShare(string name, int fromRound = 0)
    {
        var batches = _cases[name].Batches.Where(b => b.Round >= fromRound).ToList();
        return batches.Count == 0 ? 0 : (double)batches.Count(b => b.JitActive) / batches.Count;
    }

    /// <summary>How far an interval reaches from its estimate: the larger relative distance of its two bounds (infinite when unbounded).</summary>
    public static double RelativeHalfWidth(Interval ratio) => ratio.IsBounded && ratio.Estimate > 0
        ? Math.Max((ratio.Upper / ratio.Estimate) - 1, 1 - (ratio.Lower / ratio.Estimate))
        : double.PositiveInfinity;

    /// <summary>Fewer blocks than this give a ratio no interval: the delta method rests on the blocks' own spread.</summary>
    public const int MinBlocks = 8;

    private static double Quantile(int degrees, double confidenceLevel) => new StudentDistribution(degrees).Quantile(1 - ((1 - confidenceLevel) / 2));

    private static double StandardDeviation(IReadOnlyList<double> values)
    {
        var mean = values.Average();
        return Math.Sqrt(values.Sum(v => (v - mean) * (v - mean)) / (values.Count - 1));
    }

    private sealed class CaseRecord
    {
        public List<double> Blocks { get; } = [];

        public List<double> Calls { get; } = [];

        public List<(int Round, bool JitActive)> Batches { get; } = [];
    }
}
