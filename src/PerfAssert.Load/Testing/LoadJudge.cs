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
            ThroughputRatioBudget ratio => partnerErrors is { } wrong
                ? Invalid(subject, partner!, "requests/s ratio", ratio.Ratio, true, wrong)
                : RatioVerdict(subject, partner!, "requests/s ratio", ratio.Ratio, atLeast: true, measured, b => b.RequestsPerSecond, evidence, perf, prior),
            LatencyRatioBudget latency => partnerErrors is { } wrong
                ? Invalid(subject, partner!, Metric(latency.Statistic), latency.Factor, false, wrong)
                : RatioVerdict(subject, partner!, Metric(latency.Statistic), latency.Factor, atLeast: false, measured, b => Latency(b, latency.Statistic), evidence, perf, prior),
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
        [.. budgets.Select(budget => new Verdict
        {
            Subject = subject, Partner = partner, Metric = Metric(budget), Unit = budget is ErrorRateBudget ? "%" : "x",
            Measured = new Interval(double.NaN, double.NaN, double.NaN, 1, 0), Limit = Limit(budget), AtLeast = budget is ThroughputRatioBudget or ThroughputFloorBudget,
            Outcome = fails ? VerdictOutcome.Invalid : VerdictOutcome.Inconclusive, Advisory = !fails, Evidence = "nothing loaded", Reason = reason,
        })];

    private static string Metric(LoadBudget budget) => budget switch
    {
        ErrorRateBudget => "error rate",
        ThroughputFloorBudget => "requests/s",
        ThroughputRatioBudget => "requests/s ratio",
        LatencyRatioBudget latency => Metric(latency.Statistic),
        _ => throw new NotSupportedException($"No metric for {budget}."),
    };

    private static double Limit(LoadBudget budget) => budget switch
    {
        ErrorRateBudget errors => 100 * errors.Fraction,
        ThroughputFloorBudget floor => floor.RequestsPerSecond,
        ThroughputRatioBudget ratio => ratio.Ratio,
        LatencyRatioBudget latency => latency.Factor,
        _ => throw new NotSupportedException($"No limit for {budget}."),
    };

    private static Verdict RatioVerdict(
        string subject, string partner, string metric, double limit, bool atLeast, IReadOnlyList<LoadBlock> measured, Func<LoadBlock, double> value, string evidence, PerfOptions perf,
        (double Spread, int Weight) prior)
    {
        if (measured.Select(value).Where(v => !(v > 0) || !double.IsFinite(v)).Take(1).ToList() is [var bad])
        {
            return new Verdict
            {
                Subject = subject, Partner = partner, Metric = metric, Unit = "x", Measured = new Interval(double.NaN, double.NaN, double.NaN, perf.ConfidenceLevel, 0),
                Limit = limit, AtLeast = atLeast, Outcome = VerdictOutcome.Invalid, Evidence = evidence,
                Reason = $"a block measured {bad.ToString(CultureInfo.InvariantCulture)} (no correct answer in it?): no ratio can be formed",
            };
        }

        var interval = Ratio(measured, subject, partner, value, perf.ConfidenceLevel, prior);
        // A floor on the ratio is a ceiling on its inverse: the same rule decides both.
        var outcome = atLeast
            ? RatioDecision.Decide(new Interval(1 / interval.Estimate, 1 / interval.Upper, 1 / interval.Lower, interval.ConfidenceLevel, interval.SampleSize), 1 / limit, perf, finalLook: true)!.Value
            : RatioDecision.Decide(interval, limit, perf, finalLook: true)!.Value;
        return new Verdict
        {
            Subject = subject, Partner = partner, Metric = metric, Unit = "x", Measured = interval, Limit = limit, AtLeast = atLeast, Outcome = outcome, Evidence = evidence,
            Reason = outcome == VerdictOutcome.Inconclusive ? "the interval straddles the budget: more rounds (LoadOptions.Rounds) or longer blocks would decide" : null,
        };
    }

    private static Verdict FloorVerdict(string subject, ThroughputFloorBudget floor, IReadOnlyList<LoadBlock> measured, string evidence, PerfOptions perf)
    {
        var observations = measured.Where(b => b.Side == subject).GroupBy(b => (b.Pair, b.Round))
            .Select(g => (IReadOnlyList<double>)[g.Average(b => Math.Log(Math.Max(b.RequestsPerSecond, 1e-3)))]).ToList();
        var interval = PairInterval.Estimate(observations, priorSpread: 0, priorWeight: 0, perf.ConfidenceLevel).LogRatio.Map(Math.Exp);
        var relative = new Interval(floor.RequestsPerSecond / interval.Estimate, floor.RequestsPerSecond / interval.Upper, floor.RequestsPerSecond / interval.Lower, interval.ConfidenceLevel, interval.SampleSize);
        var outcome = RatioDecision.Decide(relative, 1, perf, finalLook: true)!.Value;
        return new Verdict
        {
            Subject = subject, Metric = "requests/s", Unit = "req/s", Measured = interval, Limit = floor.RequestsPerSecond, AtLeast = true,
            Outcome = outcome, Evidence = evidence, Advisory = true,
            Reason = "an absolute floor is advisory: a shared runner's speed moves by tens of percent from run to run",
        };
    }

    private static Verdict ErrorVerdict(string subject, ErrorRateBudget budget, IReadOnlyList<LoadBlock> blocks)
    {
        var requests = blocks.Sum(b => b.Result.Requests);
        var errors = blocks.Sum(b => b.Result.Errors);
        var rate = requests == 0 ? 1 : (double)errors / requests;
        var fails = requests == 0 || rate > budget.Fraction;
        return new Verdict
        {
            Subject = subject, Metric = "error rate", Unit = "%", Measured = new Interval(100 * rate, 100 * rate, 100 * rate, 1, (int)Math.Min(requests, int.MaxValue)),
            Limit = 100 * budget.Fraction, Outcome = fails ? VerdictOutcome.Regression : VerdictOutcome.Pass,
            Evidence = string.Create(CultureInfo.InvariantCulture, $"{errors:#,0} of {requests:#,0} requests in {blocks.Count} blocks"),
            Reason = errors > 0 ? Errors(blocks) : requests == 0 ? "no request was sent" : null,
        };
    }

    private static Verdict Invalid(string subject, string partner, string metric, double limit, bool atLeast, string partnerErrors) => new()
    {
        Subject = subject, Partner = partner, Metric = metric, Unit = "x", Measured = new Interval(double.NaN, double.NaN, double.NaN, 1, 0), Limit = limit, AtLeast = atLeast,
        Outcome = VerdictOutcome.Invalid, Evidence = "no comparison", Reason = $"the partner '{partner}' answered wrongly, so nothing can be compared with it: {partnerErrors}",
    };

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
