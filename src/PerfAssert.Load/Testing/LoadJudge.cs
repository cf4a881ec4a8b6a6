using System.Globalization;
using PerfAssert.Budgets;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Load.Testing;

/// <summary>
/// Judges a load test's measured blocks. A ratio is observed once per round: the mean log of the subject's two blocks less
/// the mean log of the partner's (ABBA or BAAB, so a linear drift cancels within the round); the rounds are the units of a
/// t-interval (the verdicts' own pair interval with no prior), and the decision is the verdicts' own rule for ratio
/// budgets. Errors are counted exactly. A partner that answered wrongly makes every comparison with it Invalid.
/// </summary>
internal static class LoadJudge
{
    public static IReadOnlyList<Verdict> Judge(string subject, string? partner, IReadOnlyList<LoadBudget> budgets, IReadOnlyList<LoadBlock> blocks, LoadOptions options)
    {
        var measured = blocks.Where(b => b.Round >= 0).ToList();
        var pairs = measured.Select(b => b.Pair).Distinct().Count();
        var rounds = measured.Select(b => (b.Pair, b.Round)).Distinct().Count();
        var evidence = string.Create(CultureInfo.InvariantCulture, $"{(pairs > 1 ? $"{pairs} pairs, " : string.Empty)}{rounds} rounds of {(partner is null ? 2 : 4)} x {options.BlockDuration.TotalMilliseconds:0} ms blocks");
        var perf = new PerfOptions { ConfidenceLevel = options.ConfidenceLevel, NoiseFloor = options.NoiseFloor };
        var prior = pairs > 1 ? (options.BuildPairSpread, options.BuildPairSpreadWeight) : (0, 0);
        var partnerErrors = partner is null ? null : Errors(measured.Where(b => b.Side == partner).ToList());
        return budgets.Select(budget => budget switch
        {
            ErrorRateBudget errors => ErrorVerdict(subject, errors, measured.Where(b => b.Side == subject).ToList()),
            ThroughputFloorBudget floor => FloorVerdict(subject, floor, measured, evidence, perf),
            _ when partnerErrors is { } wrong => Empty(
                subject, partner, budget, VerdictOutcome.Invalid, advisory: false, "no comparison", $"the partner '{partner}' answered wrongly, so nothing can be compared with it: {wrong}"),
            ThroughputRatioBudget => RatioVerdict(subject, partner!, budget, measured, b => b.RequestsPerSecond, evidence, perf, prior),
            LatencyRatioBudget latency => RatioVerdict(subject, partner!, budget, measured, b => Latency(b, latency.Statistic), evidence, perf, prior),
            _ => throw new NotSupportedException($"No judge for {budget}."),
        }).ToList();
    }

    /// <summary>
    /// The interval of the subject's ratio to the partner's value. Same run: one observation per round, the rounds the units.
    /// Against the reference build: the process pair is the unit, its estimate the mean of its rounds, with the machine
    /// class's between-pair spread as a prior (the verdicts' own pair interval).
    /// </summary>
    internal static Interval Ratio(IReadOnlyList<LoadBlock> measured, string subject, string partner, Func<LoadBlock, double> value, double confidenceLevel, (double Spread, int Weight) prior)
    {
        List<List<double>> pairs = [.. measured.GroupBy(b => b.Pair).OrderBy(p => p.Key).Select(pair => pair.GroupBy(b => b.Round).OrderBy(g => g.Key)
            .Select(g => g.Where(b => b.Side == subject).Average(b => Math.Log(value(b))) - g.Where(b => b.Side == partner).Average(b => Math.Log(value(b))))
            .ToList())];
        IReadOnlyList<IReadOnlyList<double>> units = pairs.Count == 1 ? [.. pairs[0].Select(round => (IReadOnlyList<double>)[round])] : pairs;
        return PairInterval.Estimate(units, prior.Spread, prior.Weight, confidenceLevel).LogRatio.Map(Math.Exp);
    }

    /// <summary>Every budget's verdict when there is nothing to compare with: Inconclusive and advisory, or Invalid when that fails.</summary>
    public static IReadOnlyList<Verdict> Unavailable(string subject, string partner, IReadOnlyList<LoadBudget> budgets, string reason, bool fails) =>
        [.. budgets.Select(budget => Empty(subject, partner, budget, fails ? VerdictOutcome.Invalid : VerdictOutcome.Inconclusive, advisory: !fails, "nothing loaded", reason))];

    private static Verdict RatioVerdict(
        string subject, string partner, LoadBudget budget, IReadOnlyList<LoadBlock> measured, Func<LoadBlock, double> value, string evidence, PerfOptions perf, (double Spread, int Weight) prior)
    {
        if (measured.Select(value).Where(v => !(v > 0) || !double.IsFinite(v)).Take(1).ToList() is [var bad])
        {
            return Empty(subject, partner, budget, VerdictOutcome.Invalid, advisory: false, evidence,
                $"a block measured {bad.ToString(CultureInfo.InvariantCulture)} (no correct answer in it?): no ratio can be formed");
        }

        var interval = Ratio(measured, subject, partner, value, perf.ConfidenceLevel, prior);
        var outcome = Decide(interval, budget, perf);
        return Empty(subject, partner, budget, outcome, advisory: false, evidence,
            outcome == VerdictOutcome.Inconclusive ? "the interval straddles the budget: more rounds (LoadOptions.Rounds) or longer blocks would decide" : null) with { Measured = interval };
    }

    private static Verdict FloorVerdict(string subject, ThroughputFloorBudget floor, IReadOnlyList<LoadBlock> measured, string evidence, PerfOptions perf)
    {
        var observations = measured.Where(b => b.Side == subject).GroupBy(b => (b.Pair, b.Round))
            .Select(g => (IReadOnlyList<double>)[g.Average(b => Math.Log(Math.Max(b.RequestsPerSecond, 1e-3)))]).ToList();
        var interval = PairInterval.Estimate(observations, priorSpread: 0, priorWeight: 0, perf.ConfidenceLevel).LogRatio.Map(Math.Exp);
        return Empty(subject, null, floor, Decide(interval, floor, perf), advisory: true, evidence,
            "an absolute floor is advisory: a shared runner's speed moves by tens of percent from run to run") with { Measured = interval };
    }

    private static Verdict ErrorVerdict(string subject, ErrorRateBudget budget, IReadOnlyList<LoadBlock> blocks)
    {
        var requests = blocks.Sum(b => b.Result.Requests);
        var errors = blocks.Sum(b => b.Result.Errors);
        var rate = requests == 0 ? 1 : (double)errors / requests;
        var outcome = requests == 0 || rate > budget.Fraction ? VerdictOutcome.Regression : VerdictOutcome.Pass;
        var evidence = string.Create(CultureInfo.InvariantCulture, $"{errors:#,0} of {requests:#,0} requests in {blocks.Count} blocks");
        return Empty(subject, null, budget, outcome, advisory: false, evidence, errors > 0 ? Errors(blocks) : requests == 0 ? "no request was sent" : null)
            with { Measured = new Interval(100 * rate, 100 * rate, 100 * rate, 1, (int)Math.Min(requests, int.MaxValue)) };
    }

    /// <summary>
    /// The decision rule of every ratio budget; a floor (requests per second at least) is a ceiling on the inverse, so the
    /// same rule decides it on the inverted interval and limit.
    /// </summary>
    private static VerdictOutcome Decide(Interval measured, LoadBudget budget, PerfOptions perf) => AtLeast(budget)
        ? RatioDecision.Decide(new Interval(1 / measured.Estimate, 1 / measured.Upper, 1 / measured.Lower, measured.ConfidenceLevel, measured.SampleSize), 1 / Limit(budget), perf, finalLook: true)!.Value
        : RatioDecision.Decide(measured, Limit(budget), perf, finalLook: true)!.Value;

    /// <summary>A budget's verdict with what the budget says of itself (metric, unit, limit, direction) and nothing measured yet.</summary>
    private static Verdict Empty(string subject, string? partner, LoadBudget budget, VerdictOutcome outcome, bool advisory, string evidence, string? reason) => new()
    {
        Subject = subject, Partner = budget.NeedsPartner ? partner : null, Metric = Metric(budget), Unit = Unit(budget),
        Measured = new Interval(double.NaN, double.NaN, double.NaN, 1, 0), Limit = Limit(budget), AtLeast = AtLeast(budget),
        Outcome = outcome, Advisory = advisory, Evidence = evidence, Reason = reason,
    };

    private static string Metric(LoadBudget budget) => budget switch
    {
        ErrorRateBudget => "error rate",
        ThroughputFloorBudget => "requests/s",
        ThroughputRatioBudget => "requests/s ratio",
        LatencyRatioBudget latency => Metric(latency.Statistic),
        _ => throw new NotSupportedException($"No metric for {budget}."),
    };

    private static string Unit(LoadBudget budget) => budget switch
    {
        ErrorRateBudget => "%",
        ThroughputFloorBudget => "req/s",
        _ => "x",
    };

    private static double Limit(LoadBudget budget) => budget switch
    {
        ErrorRateBudget errors => 100 * errors.Fraction,
        ThroughputFloorBudget floor => floor.RequestsPerSecond,
        ThroughputRatioBudget ratio => ratio.Ratio,
        LatencyRatioBudget latency => latency.Factor,
        _ => throw new NotSupportedException($"No limit for {budget}."),
    };

    private static bool AtLeast(LoadBudget budget) => budget is ThroughputRatioBudget or ThroughputFloorBudget;

    /// <summary>The blocks' errors by kind with the first one's text; null when there were none.</summary>
    private static string? Errors(IReadOnlyList<LoadBlock> blocks)
    {
        var errors = blocks.Sum(b => b.Result.Errors);
        if (errors == 0)
        {
            return null;
        }

        var kinds = blocks.SelectMany(b => b.Result.ErrorKinds).GroupBy(k => k.Kind).Select(g => $"{g.Key} x{g.Sum(k => k.Count):#,0}");
        var first = blocks.Select(b => b.Result.FirstError).FirstOrDefault(e => e is not null);
        return string.Create(CultureInfo.InvariantCulture, $"{errors:#,0} errors ({string.Join(", ", kinds)}), the first: {first}");
    }

    private static string Metric(LatencyStatistic statistic) => statistic switch
    {
        LatencyStatistic.Median => "median latency under load ratio",
        LatencyStatistic.P95 => "P95 latency under load ratio",
        LatencyStatistic.P99 => "P99 latency under load ratio",
        _ => throw new ArgumentOutOfRangeException(nameof(statistic), statistic, "Under load the median, P95 and P99 are measured, not the mean."),
    };

    private static double Latency(LoadBlock block, LatencyStatistic statistic) => statistic switch
    {
        LatencyStatistic.Median => block.Result.P50Us,
        LatencyStatistic.P95 => block.Result.P95Us,
        LatencyStatistic.P99 => block.Result.P99Us,
        _ => throw new ArgumentOutOfRangeException(nameof(statistic), statistic, null),
    };
}
