using System.Globalization;
using System.Text.Json;
using PerfAssert.Baselines;
using PerfAssert.Measurement;
using PerfAssert.Statistics;

namespace PerfAssert.BaselineBuildQuality;

/// <summary>
/// The variance components the recorded blocks show, per case: the spread of one block's log-ratio within its pair, the
/// spread between pairs' estimates beyond what their blocks explain (the figure <c>PerfOptions.BuildPairSpread</c> stands
/// for), and the effect of which worker went first (pairs whose working tree started first against the others).
/// Dropped pairs count: they are part of what the machine does. Pairs of all runs of a case are pooled, so a component
/// per run (if any) is part of the between-pair figure; that is why the verdicts that looked more than once are also read
/// as nested groups (<see cref="Nested"/>): whether a group of pairs, started together, or a whole verdict shares an
/// effect beyond its pairs'.
/// </summary>
internal sealed class PairSpreads(int extensionPairs)
{
    /// <summary>Per case, every verdict's pairs in the order they were started; everything the summary says derives from them.</summary>
    private readonly Dictionary<string, List<IReadOnlyList<BuildPairEvidence>>> _verdicts = [];

    public void Add(string name, IReadOnlyList<BuildPairEvidence>? pairs)
    {
        if (!_verdicts.TryGetValue(name, out var verdicts))
        {
            _verdicts[name] = verdicts = [];
        }

        verdicts.Add(pairs ?? []);
    }

    /// <summary>The groups a verdict looked after, as pair log-ratios: its first pairs, then each extension of extensionPairs pairs.</summary>
    private List<List<double>> Groups(IReadOnlyList<BuildPairEvidence> verdict)
    {
        IEnumerable<double> Used(string pass) => verdict.Where(p => p.Pass == pass && !p.Dropped).Select(p => Math.Log(p.Ratio));
        return new[] { Used("first").ToArray() }.Concat(Used("extension").Chunk(Math.Max(1, extensionPairs)))
            .Where(g => g.Length > 0)
            .Select(g => g.ToList())
            .ToList();
    }

    /// <summary>
    /// The nested components of a case, from its verdicts that looked at two groups of pairs or more, all of one size m:
    /// the spread of a pair within its group; a per-group effect, from how far group means spread within a verdict beyond
    /// the pairs' share (<c>var(group means) - s_pair^2 / m</c>); and a per-verdict effect, from how far verdict means spread
    /// beyond their groups' share. Zero when the data show none (a negative estimate is reported as 0).
    /// </summary>
    private (int Verdicts, double PairInGroup, double Group, double Verdict) Nested(string name)
    {
        var verdicts = _verdicts.GetValueOrDefault(name, [])
            .Select(Groups)
            .Where(v => v.Count >= 2 && v.All(g => g.Count >= 2 && g.Count == v[0].Count))
            .ToList();
        if (verdicts.Count < 2)
        {
            return (verdicts.Count, double.NaN, double.NaN, double.NaN);
        }

        static double Variance(IReadOnlyList<double> values)
        {
            var mean = values.Average();
            return values.Sum(x => (x - mean) * (x - mean)) / (values.Count - 1);
        }

        var pairInGroup = verdicts.SelectMany(v => v).Average(Variance);
        var groupMeans = verdicts.Select(v => v.Select(g => g.Average()).ToList()).ToList();
        var betweenGroups = groupMeans.Select(Variance).ToList();
        var size = verdicts.Average(v => v[0].Count);
        var group = Math.Max(0, betweenGroups.Average() - (pairInGroup / size));
        var verdict = Math.Max(0, Variance(groupMeans.Select(g => g.Average()).ToList()) - groupMeans.Select((g, i) => betweenGroups[i] / g.Count).Average());
        return (verdicts.Count, Math.Sqrt(pairInGroup), Math.Sqrt(group), Math.Sqrt(verdict));
    }

    /// <summary>
    /// Every verdict a <c>--dump</c> file recorded, per case and run, as its pairs (in the order they were started) with the
    /// estimate and scatter the verdict computed from their blocks, so the components can be read again from old runs.
    /// </summary>
    public static IEnumerable<(string Case, IReadOnlyList<BuildPairEvidence> Pairs)> ReadDump(string file)
    {
        var verdicts = new Dictionary<(string Case, string Run), SortedDictionary<int, (string Pass, bool Dropped, BuildSide First, List<(int Block, BuildBlockEvidence Evidence)> Blocks)>>();
        foreach (var line in File.ReadLines(file).Where(l => l.Length > 0))
        {
            using var json = JsonDocument.Parse(line);
            var root = json.RootElement;
            var key = (root.GetProperty("case").GetString()!, root.GetProperty("run").GetString()!);
            if (!verdicts.TryGetValue(key, out var pairs))
            {
                verdicts[key] = pairs = [];
            }

            var number = root.GetProperty("pair").GetInt32();
            if (!pairs.TryGetValue(number, out var pair))
            {
                pairs[number] = pair = (root.GetProperty("pass").GetString()!, root.GetProperty("dropped").GetBoolean(), root.GetProperty("first").GetString() == "working" ? BuildSide.Current : BuildSide.Baseline, []);
            }

            pair.Blocks.Add((root.GetProperty("block").GetInt32(), new BuildBlockEvidence
            {
                PassBlock = root.GetProperty("passBlock").GetInt32(),
                WorkingTreeFirst = root.GetProperty("order").GetString() == "ABBA",
                WorkingTreeNs = root.GetProperty("workingNs").GetDouble(),
                BaselineNs = root.GetProperty("baselineNs").GetDouble(),
            }));
        }

        foreach (var ((name, _), pairs) in verdicts)
        {
            yield return (name, pairs.Select(p =>
            {
                var blocks = p.Value.Blocks.OrderBy(b => b.Block).Select(b => b.Evidence).ToList();
                var clipped = PairInterval.Clipped(blocks.Select(b => Math.Log(b.WorkingTreeNs / b.BaselineNs)).ToList());
                var mean = clipped.Average();
                return new BuildPairEvidence
                {
                    Pair = p.Key,
                    Pass = p.Value.Pass,
                    First = p.Value.First,
                    Ratio = Math.Exp(mean),
                    BlockSpread = clipped.Count < 2 ? 0 : Math.Sqrt(clipped.Sum(x => (x - mean) * (x - mean)) / (clipped.Count - 1)),
                    Dropped = p.Value.Dropped,
                    Blocks = blocks,
                };
            }).ToList());
        }
    }

    /// <summary>A component to four decimals, or <c>n/a</c> when no two verdicts looked twice.</summary>
    private static string Figure(double value) => double.IsNaN(value) ? "n/a" : value.ToString("0.0000", CultureInfo.InvariantCulture);

    public IEnumerable<string> Summary()
    {
        foreach (var (name, verdicts) in _verdicts)
        {
            var pairs = verdicts.SelectMany(v => v).ToList();
            if (pairs.Count < 2)
            {
                continue;
            }

            // As the verdict saw them: each pair's estimate and its blocks' scatter after clipping (BuildPairEvidence).
            var means = pairs.Select(p => Math.Log(p.Ratio)).ToList();
            var blocks = pairs.Sum(p => p.Blocks.Count);
            var within = pairs.Sum(p => p.BlockSpread * p.BlockSpread * (p.Blocks.Count - 1)) / Math.Max(1, blocks - pairs.Count);
            var grand = means.Average();
            var between = means.Sum(m => (m - grand) * (m - grand)) / (means.Count - 1);
            var pairSpread = Math.Sqrt(Math.Max(0, between - (within * pairs.Average(p => 1.0 / p.Blocks.Count))));
            double MeanOf(BuildSide first) => pairs.Select((p, i) => (p, i)).Where(x => x.p.First == first).Select(x => means[x.i]).DefaultIfEmpty(double.NaN).Average();
            var ratios = pairs.Select(p => p.Ratio).Order().ToList();
            // Each verdict's first pairs' ratio (their geometric mean): stopping early cannot select it, so its median shows an order bias.
            var firstPairs = verdicts.Select(v => v.Where(p => p.Pass == "first").ToList()).Where(f => f.Count > 0)
                .Select(f => Math.Exp(f.Average(p => Math.Log(p.Ratio)))).Order().ToList();
            var nested = Nested(name);
            var firstMedian = firstPairs.Count == 0 ? double.NaN : firstPairs.Count % 2 == 1 ? firstPairs[firstPairs.Count / 2] : (firstPairs[(firstPairs.Count / 2) - 1] + firstPairs[firstPairs.Count / 2]) / 2;
            yield return string.Create(CultureInfo.InvariantCulture,
                $"pairs case={name} pairs={pairs.Count} dropped={pairs.Count(p => p.Dropped)} blocks={blocks} within_pair_block_sd={Math.Sqrt(within):0.0000} between_pair_sd={Math.Sqrt(between):0.0000} pair_spread={pairSpread:0.0000} working_first_minus_baseline_first={MeanOf(BuildSide.Current) - MeanOf(BuildSide.Baseline):0.0000} pair_ratio=[{ratios[0]:0.000}, median {ratios[ratios.Count / 2]:0.000}, {ratios[^1]:0.000}] first_pairs_median={firstMedian:0.0000} first_pairs_range=[{firstPairs.FirstOrDefault():0.000}, {firstPairs.LastOrDefault():0.000}]")
                + string.Create(CultureInfo.InvariantCulture, $" looked_twice={nested.Verdicts} pair_in_group_sd={Figure(nested.PairInGroup)} group_sd={Figure(nested.Group)} verdict_sd={Figure(nested.Verdict)}");
        }
    }
}
