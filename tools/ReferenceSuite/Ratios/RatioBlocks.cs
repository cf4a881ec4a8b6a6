using PerfAssert.Measurement;
using PerfAssert.Statistics;

namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>
/// The time per call of every case of one interleaved group, block by block, and each timed call. A block runs each case
/// once as a timed batch (in a fresh random order, then in the reverse order), so every case of a block shares the
/// machine's state of those few hundred milliseconds: two cases' times in one block are one paired observation of their
/// ratio, and the blocks, not the calls, are the independent observations of it. Blocks are taken in rounds spread over
/// the whole phase, each with connections of its own, so every case's mean averages the same stretch of the machine's
/// history and several connections' luck. The round, not the block, is the unit of every interval: the machine's speed
/// drifts over tens of seconds, which a mean does not cancel, and the threads a connection's work lands on make a stack
/// faster or slower for as long as the connection lives, which a ratio does not cancel either.
/// <para>
/// A case's mean is its time over its calls: every block times the same number of calls of a case, so it is also the mean
/// of its blocks' times per call. A ratio is the quotient of two means, so the means and ratios the report prints are one
/// estimate. Each interval is a t-interval with rounds - 1 degrees of freedom on the log scale, around the estimate, from
/// how far the rounds' own means (or quotients of means) scatter.
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

    /// <summary>The mean time per call of a case in nanoseconds, with its interval over the rounds (unbounded with fewer than two).</summary>
    public Interval Mean(string name, double confidenceLevel) =>
        OverRounds(MeanNanoseconds(name), [.. RoundMeans(name).Select(m => Math.Log(m))], confidenceLevel);

    /// <summary>
    /// <paramref name="numerator"/>'s mean time per call over <paramref name="denominator"/>'s, with its interval over the
    /// rounds: each round's quotient of the two cases' means in it (unbounded with fewer than two rounds).
    /// </summary>
    public Interval Ratio(string numerator, string denominator, double confidenceLevel) =>
        OverRounds(MeanNanoseconds(numerator) / MeanNanoseconds(denominator), RoundLogRatios(numerator, denominator), confidenceLevel);

    /// <summary>How far a ratio's rounds scatter: the standard deviation of a round's quotient about the others, relative.</summary>
    public double RoundScatter(string numerator, string denominator)
    {
        var rounds = RoundLogRatios(numerator, denominator);
        return rounds.Count < 2 ? double.NaN : Math.Exp(StandardDeviation(rounds)) - 1;
    }

    private List<double> RoundLogRatios(string numerator, string denominator) =>
        [.. RoundMeans(numerator).Zip(RoundMeans(denominator), (top, bottom) => Math.Log(top / bottom))];

    /// <summary>A case's mean time per call in each round, in the order the rounds came.</summary>
    private IEnumerable<double> RoundMeans(string name)
    {
        var blocks = _cases[name].Blocks;
        return _rounds.Select((round, i) => (round, i)).GroupBy(b => b.round).Select(g => g.Average(b => blocks[b.i]));
    }

    /// <summary>
    /// The t-interval over the rounds' logs (each round one observation, as the engine's pairs are:
    /// <see cref="PairInterval"/>), centred on <paramref name="estimate"/> so a ratio's interval holds the quotient of the
    /// means the report prints.
    /// </summary>
    private static Interval OverRounds(double estimate, IReadOnlyList<double> logs, double confidenceLevel)
    {
        if (logs.Count < 2)
        {
            return new Interval(estimate, double.NegativeInfinity, double.PositiveInfinity, confidenceLevel, logs.Count);
        }

        var overRounds = PairInterval.Estimate([.. logs.Select(l => (IReadOnlyList<double>)[l])], priorSpread: 0, priorWeight: 0, confidenceLevel).LogRatio;
        var reach = (overRounds.Upper - overRounds.Lower) / 2;
        return new Interval(estimate, estimate * Math.Exp(-reach), estimate * Math.Exp(reach), confidenceLevel, logs.Count);
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
