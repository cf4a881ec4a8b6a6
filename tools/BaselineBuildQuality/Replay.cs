using System.Globalization;
using PerfAssert.Measurement;
using PerfAssert.Verdicts;

namespace PerfAssert.BaselineBuildQuality;

/// <summary>
/// Replays recorded process pairs through the verdict's own <see cref="PairJudge"/>: every pair the verdicts of the
/// chosen cases measured (A/A by default; from <c>--dump</c> files, dropped ones included: they are part of what the
/// machine does) goes into a pool, each case's pairs centred so their mean log-ratio is 0 (for a slowed case that
/// removes the injected share and keeps its noise, which a CPU loop's speed from process to process makes a little
/// larger); each simulated verdict draws the pairs its judge asks for from the pool at random and
/// multiplies each block's working-tree time by the true ratio. So a setting (budget, pairs, extensions, prior) can be
/// judged on this machine's real pair-to-pair and block-to-block noise, heavy tails included, in seconds instead of hours.
/// What it cannot show: anything that depends on the order within a pair (a drawn pair is used whatever its plan says),
/// and time per verdict, which it counts as groups of pairs started.
/// </summary>
internal static class Replay
{
    public static int Run(IReadOnlyList<string> files, IReadOnlyCollection<string> cases, int verdicts, PerfOptions options, double margin, int seed)
    {
        var pool = new List<(string Case, IReadOnlyList<BuildBlockEvidence> Blocks)>();
        foreach (var file in files)
        {
            if (!File.Exists(file))
            {
                Console.Error.WriteLine($"--replay {file}: no such file (write one with --dump FILE.jsonl)");
                return 2;
            }

            pool.AddRange(Read(file, cases));
        }

        if (pool.Count < 4)
        {
            Console.Error.WriteLine($"--replay: {pool.Count} pairs of {string.Join(",", cases)} in {string.Join(", ", files)}; at least 4 are needed (dump runs with --cases aa --dump FILE.jsonl, or name the recorded cases with --replay-cases)");
            return 2;
        }

        var offsets = pool.GroupBy(p => p.Case).ToDictionary(g => g.Key, g => g.Average(p => p.Blocks.Average(b => Math.Log(b.WorkingTreeNs / b.BaselineNs))));
        var centred = pool.Select(p => (IReadOnlyList<BuildBlockEvidence>)p.Blocks.Select(b => b with { WorkingTreeNs = b.WorkingTreeNs / Math.Exp(offsets[p.Case]) }).ToList()).ToList();
        var removed = string.Join(", ", offsets.Select(o => string.Create(CultureInfo.InvariantCulture, $"{o.Key} {o.Value:+0.0000;-0.0000}")));
        var limit = 1 + margin;
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"replay: {pool.Count} pairs ({pool.Sum(p => p.Blocks.Count):#,0} blocks; mean log-ratio removed: {removed}) verdicts={verdicts} seed={seed} budget={limit:0.00} pairs={options.BuildPairs} extension_pairs={options.BuildExtensionPairs} extensions={options.BuildExtensions} pair_spread={options.BuildPairSpread:0.###} pair_spread_weight={options.BuildPairSpreadWeight} confirm={(options.ConfirmRegressions ? "true" : "false")} confirm_clear={(options.BuildConfirmClearRegressions ? "true" : "false")}"));
        var random = new Random(seed);
        foreach (var (name, truth) in new[] { ("aa", 1.0), ("at_budget", limit), ("slow3", 1.03), ("slow5", 1.05), ("slow10", 1.10) })
        {
            var outcomes = new Dictionary<VerdictOutcome, int>();
            var covered = 0;
            var groups = new List<int>();
            var pairs = 0;
            for (var v = 0; v < verdicts; v++)
            {
                var judge = new PairJudge(options, limit, random);
                var started = 0;
                while (judge.Next is { } request)
                {
                    judge.Add(request.Plans.Select(plan => new MeasuredPair(plan, Slowed(centred[random.Next(centred.Count)], truth))).ToList());
                    started++;
                }

                var result = judge.Result;
                outcomes[result.Outcome] = outcomes.GetValueOrDefault(result.Outcome) + 1;
                covered += result.Ratio.Lower <= truth && truth <= result.Ratio.Upper ? 1 : 0;
                groups.Add(started);
                pairs += result.Pairs.Count;
            }

            groups.Sort();
            var tally = string.Join(' ', new[] { VerdictOutcome.Pass, VerdictOutcome.Improved, VerdictOutcome.Inconclusive, VerdictOutcome.Regression }.Select(o => $"{o.ToString().ToLowerInvariant()}={outcomes.GetValueOrDefault(o)}"));
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"replay case={name} true_ratio={truth:0.000} {tally} interval_contains_truth={covered}/{verdicts} groups_mean={groups.Average():0.00} groups_median={groups[groups.Count / 2]} groups_p95={groups[(int)(groups.Count * 0.95)]} pairs_mean={pairs / (double)verdicts:0.00}"));
        }

        return 0;
    }

    private static List<BuildBlockEvidence> Slowed(IReadOnlyList<BuildBlockEvidence> pair, double truth) =>
        pair.Select(b => b with { WorkingTreeNs = b.WorkingTreeNs * truth }).ToList();

    /// <summary>The pairs of a dump's chosen cases, each with its case and its blocks in order.</summary>
    private static IEnumerable<(string Case, IReadOnlyList<BuildBlockEvidence> Blocks)> Read(string file, IReadOnlyCollection<string> cases) =>
        PairSpreads.ReadDump(file).Where(v => cases.Contains(v.Case)).SelectMany(v => v.Pairs.Select(p => (v.Case, p.Blocks)));
}
