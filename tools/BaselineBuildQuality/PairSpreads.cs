using System.Globalization;
using PerfAssert.Baselines;
using PerfAssert.Measurement;

namespace PerfAssert.BaselineBuildQuality;

/// <summary>
/// The variance components the recorded blocks show, per case: the spread of one block's log-ratio within its pair, the
/// spread between pairs' estimates beyond what their blocks explain (the figure <c>PerfOptions.BuildPairSpread</c> stands
/// for), and the effect of which worker went first (pairs whose working tree started first against the others).
/// Dropped pairs count: they are part of what the machine does. Pairs of all runs of a case are pooled, so a component
/// per run (if any) is part of the between-pair figure.
/// </summary>
internal sealed class PairSpreads
{
    private readonly Dictionary<string, List<BuildPairEvidence>> _pairs = [];

    /// <summary>Per case, each verdict's first pairs' ratio (their geometric mean): stopping early cannot select it, so its median shows an order bias.</summary>
    private readonly Dictionary<string, List<double>> _firstPairs = [];

    public void Add(string name, IReadOnlyList<BuildPairEvidence>? pairs)
    {
        if (!_pairs.TryGetValue(name, out var list))
        {
            _pairs[name] = list = [];
        }

        list.AddRange(pairs ?? []);
        var first = (pairs ?? []).Where(p => p.Pass == "first").ToList();
        if (first.Count > 0)
        {
            if (!_firstPairs.TryGetValue(name, out var ratios))
            {
                _firstPairs[name] = ratios = [];
            }

            ratios.Add(Math.Exp(first.Average(p => Math.Log(p.Ratio))));
        }
    }

    public IEnumerable<string> Summary()
    {
        foreach (var (name, pairs) in _pairs.Where(p => p.Value.Count >= 2))
        {
            // As the verdict saw them: each pair's estimate and its blocks' scatter after clipping (BuildPairEvidence).
            var means = pairs.Select(p => Math.Log(p.Ratio)).ToList();
            var blocks = pairs.Sum(p => p.Blocks.Count);
            var within = pairs.Sum(p => p.BlockSpread * p.BlockSpread * (p.Blocks.Count - 1)) / Math.Max(1, blocks - pairs.Count);
            var grand = means.Average();
            var between = means.Sum(m => (m - grand) * (m - grand)) / (means.Count - 1);
            var pairSpread = Math.Sqrt(Math.Max(0, between - (within * pairs.Average(p => 1.0 / p.Blocks.Count))));
            double MeanOf(BuildSide first) => pairs.Select((p, i) => (p, i)).Where(x => x.p.First == first).Select(x => means[x.i]).DefaultIfEmpty(double.NaN).Average();
            var ratios = pairs.Select(p => p.Ratio).Order().ToList();
            var firstPairs = _firstPairs.GetValueOrDefault(name, []).Order().ToList();
            var firstMedian = firstPairs.Count == 0 ? double.NaN : firstPairs.Count % 2 == 1 ? firstPairs[firstPairs.Count / 2] : (firstPairs[(firstPairs.Count / 2) - 1] + firstPairs[firstPairs.Count / 2]) / 2;
            yield return string.Create(CultureInfo.InvariantCulture,
                $"pairs case={name} pairs={pairs.Count} dropped={pairs.Count(p => p.Dropped)} blocks={blocks} within_pair_block_sd={Math.Sqrt(within):0.0000} between_pair_sd={Math.Sqrt(between):0.0000} pair_spread={pairSpread:0.0000} working_first_minus_baseline_first={MeanOf(BuildSide.Current) - MeanOf(BuildSide.Baseline):0.0000} pair_ratio=[{ratios[0]:0.000}, median {ratios[ratios.Count / 2]:0.000}, {ratios[^1]:0.000}] first_pairs_median={firstMedian:0.0000} first_pairs_range=[{firstPairs.FirstOrDefault():0.000}, {firstPairs.LastOrDefault():0.000}]");
        }
    }
}
