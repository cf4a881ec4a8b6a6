using PerfAssert.Baselines;
using PerfAssert.Measurement;
using PerfAssert.Statistics;
using PerfAssert.Tests.Support;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Measurement;

/// <summary>
/// Verdicts over process pairs on simulated pairs (<see cref="PairSimulator"/>: pair effects 2%, block scatter 3%, the
/// issue's figures), seeded: whether a stated 99% interval holds, how often a change exactly at the budget fails, whether
/// a 10% slowdown is caught, and what an outlier pair and an order effect do.
/// </summary>
public sealed class PairJudgeTests
{
    private const double Budget = 1.05;
    /// <summary>The defaults with the prior the simulated machine needs: its pair effects spread 2%, above the default
    /// <see cref="PerfOptions.BuildPairSpread"/> measured on this repository's runners (a prior below the machine's spread
    /// breaks coverage: see the test that sets it to 3%).</summary>
    private static readonly PerfOptions Defaults = new() { BuildPairSpread = 0.02 };

    [Fact]
    public void Judge_TwoThousandAaVerdicts_TheirNinetyNinePercentIntervalsCoverTheTruthAtLeast98Point5PercentOfTheTime()
    {
        var covered = 0;
        for (var run = 0; run < 2000; run++)
        {
            var verdict = new PairSimulator(run, trueRatio: 1).Judge(Defaults, Budget);
            covered += verdict.Ratio.Lower <= 1 && verdict.Ratio.Upper >= 1 ? 1 : 0;
        }

        Assert.True(covered >= 1970, $"{covered} of 2000 intervals covered the true ratio");
    }

    [Fact]
    public void Judge_AaVerdictsWithThreePercentOfBlocksTimedAcrossAStall_StillCoverTheTruthAtLeast98Point5PercentOfTheTime()
    {
        var covered = Enumerable.Range(0, 1000)
            .Select(run => new PairSimulator(run, trueRatio: 1) { BlockSpread = 0.12, StallChance = 0.03 }.Judge(Defaults, Budget))
            .Count(v => v.Ratio.Lower <= 1 && v.Ratio.Upper >= 1);

        Assert.True(covered >= 985, $"{covered} of 1000 intervals covered the true ratio");
    }

    [Fact]
    public void BlockLevelInterval_TheSameAaPairs_CoversTheTruthFarLessOftenThanItStates()
    {
        // What the verdict did before: a Hodges-Lehmann interval over all blocks of two pairs as if they were independent.
        // The pairs' own effects (2%) dwarf what 256 blocks of 3% scatter leave, so the 99% interval is far too narrow.
        var covered = 0;
        for (var run = 0; run < 500; run++)
        {
            var simulator = new PairSimulator(run, trueRatio: 1);
            var pairs = simulator.Measure(new PairRequest(PairJudge.First, [new(BuildSide.Current, true), new(BuildSide.Baseline, false)]), 128);
            var blocks = pairs.SelectMany(p => p.Blocks).Select(b => Math.Log(b.WorkingTreeNs / b.BaselineNs)).ToList();
            var interval = HodgesLehmann.Estimate(blocks, 0.99);
            covered += interval.Lower <= 0 && interval.Upper >= 0 ? 1 : 0;
        }

        Assert.True(covered < 500 * 0.5, $"{covered} of 500 block-level intervals covered the true ratio");
    }

    [Fact]
    public void Judge_TrueRatioExactlyAtTheBudget_IsARegressionAtMostOnePercentOfTheTime()
    {
        var regressions = Enumerable.Range(0, 2000).Count(run => new PairSimulator(run, trueRatio: Budget).Judge(Defaults, Budget).Outcome == VerdictOutcome.Regression);

        Assert.True(regressions <= 20, $"{regressions} of 2000 verdicts at the budget were Regressions");
    }

    [Fact]
    public void Judge_PairsTakenForIndependent_AtTheBudget_FailTheOnePercentCheck()
    {
        // No between-pair spread in the prior and all the weight on it: the interval is the blocks' scatter alone, as if the
        // pairs did not differ. The same simulation then fails the at-the-budget check above, which is what it guards.
        var naive = Defaults with { BuildPairSpread = 0, BuildPairSpreadWeight = 10_000 };

        var regressions = Enumerable.Range(0, 2000).Count(run => new PairSimulator(run, trueRatio: Budget).Judge(naive, Budget).Outcome == VerdictOutcome.Regression);

        Assert.True(regressions > 20, $"{regressions} of 2000 verdicts at the budget were Regressions");
    }

    [Fact]
    public void Judge_TenPercentSlowerAgainstABudgetOfFivePercent_IsACaughtRegressionInAtLeast99PercentOfVerdicts()
    {
        var caught = Enumerable.Range(0, 1000).Select(run => new PairSimulator(run, trueRatio: 1.10).Judge(Defaults, Budget)).Count(v => v.Outcome == VerdictOutcome.Regression);

        Assert.True(caught >= 990, $"{caught} of 1000 verdicts caught it");
    }

    [Fact]
    public void Judge_OnePairOfFourFarOff_IsDroppedNamedInTheReasonAndReplacedOnce()
    {
        var options = Defaults with { BuildPairs = 4 };

        var verdict = new PairSimulator(seed: 5, trueRatio: 1) { FarOffPairs = [2] }.Judge(options, Budget);

        var dropped = Assert.Single(verdict.Pairs, p => p.Dropped);
        Assert.Equal(2, dropped.Pair);
        Assert.InRange(dropped.Ratio, 0.82, 0.90);
        Assert.Equal(PairJudge.Replacement, verdict.Pairs[^1].Pass);
        Assert.Equal(5, verdict.Pairs.Count);
        Assert.Equal(4, verdict.Ratio.SampleSize);
        Assert.Contains("pair 3 (first) measured 0.8", verdict.Reason, StringComparison.Ordinal);
        Assert.Contains("dropped as an outlier and replaced by a fresh pair", verdict.Reason, StringComparison.Ordinal);
        Assert.StartsWith("4 pairs, 512 blocks, 1 dropped", verdict.Evidence, StringComparison.Ordinal);
        Assert.Equal(VerdictOutcome.Pass, verdict.Outcome);
        // Kept, the pair would have pulled the estimate down by about 0.15 / 4.
        Assert.InRange(verdict.Ratio.Estimate, 0.98, 1.02);
    }

    [Fact]
    public void Judge_TwoPairsFarOff_OnlyOneIsDroppedAndReplaced()
    {
        var options = Defaults with { BuildPairs = 4 };
        var simulator = new PairSimulator(seed: 5, trueRatio: 1) { FarOffPairs = [1, 4] };

        var verdict = simulator.Judge(options, Budget);

        // The second far-off pair is the replacement itself: it stays, and widens the interval instead.
        Assert.Equal(1, Assert.Single(verdict.Pairs, p => p.Dropped).Pair);
        Assert.Equal(4, Assert.Single(verdict.Pairs, p => p.Pass == PairJudge.Replacement).Pair);
        Assert.Contains(verdict.Pairs, p => p.Pair == 4 && !p.Dropped && p.Ratio < 0.9);
    }

    [Fact]
    public void Judge_TwoPairs_DropsNothingHoweverFarApartTheyAreButWidensTheInterval()
    {
        var verdict = new PairSimulator(seed: 5, trueRatio: 1) { FarOffPairs = [0], FarOffBy = 0.3 }.Judge(Defaults with { BuildExtensionPairs = 0 }, Budget);

        Assert.DoesNotContain(verdict.Pairs, p => p.Dropped);
        Assert.Equal(2, verdict.Pairs.Count);
        // Two pairs 35% apart: their own spread, pooled with the prior, makes an interval too wide to decide either way.
        Assert.Equal(VerdictOutcome.Inconclusive, verdict.Outcome);
        Assert.True(verdict.Ratio.Upper - verdict.Ratio.Lower > 0.25, verdict.Ratio.ToString());
    }

    [Fact]
    public void Judge_WorkerStartedFirstRunsThreePercentFaster_LeavesTheFirstPairsMedianAaRatioWithinThreeThousandths()
    {
        // The first group's pairs (their mean, before any extension: what stopping early cannot select) show whether which
        // worker went first biases the ratio; always starting the working tree first puts this median near 0.97.
        var ratios = Enumerable.Range(0, 1000)
            .Select(run => new PairSimulator(run, trueRatio: 1) { FirstStartedAdvantage = 0.03 }.Judge(Defaults, Budget))
            .Select(v => Math.Exp(v.Pairs.Where(p => p.Pass == PairJudge.First).Average(p => Math.Log(p.Ratio))))
            .Order()
            .ToList();

        var median = (ratios[499] + ratios[500]) / 2;
        Assert.True(median is >= 0.997 and <= 1.003, $"median {median:0.0000}");
    }

    [Fact]
    public void Next_FirstRequest_DrawsTheFirstWorkerFromTheSeedAndBalancesThePairs()
    {
        var firsts = Enumerable.Range(0, 200).Select(seed => new PairJudge(Defaults, Budget, new Random(seed)).Next!).ToList();

        Assert.All(firsts, r => Assert.Equal(PairJudge.First, r.Pass));
        Assert.All(firsts, r => Assert.Equal(r.Plans[0].Reversed(), r.Plans[1]));
        Assert.InRange(firsts.Count(r => r.Plans[0].First == BuildSide.Current), 70, 130);
        Assert.InRange(firsts.Count(r => r.Plans[0].WorkingTreeFirst), 70, 130);
        Assert.Equal(new PairJudge(Defaults, Budget, new Random(42)).Next!.Plans, new PairJudge(Defaults, Budget, new Random(42)).Next!.Plans);
    }

    [Fact]
    public void PairPlan_Blocks_AlternateTheirOrderFromThePlansFirst()
    {
        var plan = new PairPlan(BuildSide.Baseline, WorkingTreeFirst: false);

        Assert.Equal([false, true, false, true], Enumerable.Range(0, 4).Select(plan.WorkingTreeFirstIn));
    }

    [Fact]
    public void Add_RegressionClearOfTheNoiseFloor_IsDecidedByTheFirstPairs()
    {
        var judge = new PairJudge(Defaults, Budget, new Random(3));

        judge.Add(new PairSimulator(3, trueRatio: 1.3).Measure(judge.Next!, 128));

        Assert.Null(judge.Next);
        Assert.Equal(VerdictOutcome.Regression, judge.Result.Outcome);
        Assert.False(judge.Result.Confirmed);
        Assert.True(judge.Result.Ratio.Lower > Budget * 1.01, judge.Result.Ratio.ToString());
        Assert.StartsWith("2 pairs, 256 blocks", judge.Result.Evidence, StringComparison.Ordinal);
    }

    [Fact]
    public void Add_ClearRegressionWithClearOnesConfirmed_AsksForAsManyPairsRunTheOtherWayRound()
    {
        var judge = new PairJudge(Defaults with { BuildConfirmClearRegressions = true }, Budget, new Random(3));
        var simulator = new PairSimulator(3, trueRatio: 1.3);
        var first = judge.Next!;

        judge.Add(simulator.Measure(first, 128));

        var confirmation = judge.Next!;
        Assert.Equal(PairJudge.Confirmation, confirmation.Pass);
        Assert.Equal(first.Plans.Select(p => p.Reversed()), confirmation.Plans);
        judge.Add(simulator.Measure(confirmation, 128));
        Assert.Null(judge.Next);
        Assert.True(judge.Result.Confirmed);
        Assert.Equal(VerdictOutcome.Regression, judge.Result.Outcome);
        Assert.StartsWith("2 + 2 reversed pairs, 512 blocks", judge.Result.Evidence, StringComparison.Ordinal);
    }

    [Fact]
    public void Add_FirstPairsSayRegression_AreConfirmedExactlyWhenTheirIntervalReachesIntoTheNoiseFloor()
    {
        // Slowdowns near the budget: some first groups' intervals clear budget x 1.01 (decided), others only the budget
        // (confirmed on reversed pairs), the band where a change exactly at the budget lands when it fails.
        var (decided, confirmed) = (0, 0);
        for (var run = 0; run < 600; run++)
        {
            var judge = new PairJudge(Defaults, Budget, new Random(run));
            var first = new PairSimulator(run, trueRatio: 1.09).Measure(judge.Next!, 128);
            var ratio = PairInterval.Estimate(first.Select(p => p.Blocks.Select(b => Math.Log(b.WorkingTreeNs / b.BaselineNs)).ToList()).ToList(), Defaults.BuildPairSpread, Defaults.BuildPairSpreadWeight, Defaults.ConfidenceLevel).LogRatio.Map(Math.Exp);
            if (ratio.Lower <= Budget || ratio.Estimate <= Budget * 1.01)
            {
                continue;
            }

            judge.Add(first);
            if (ratio.Lower > Budget * 1.01)
            {
                Assert.Null(judge.Next);
                decided++;
            }
            else
            {
                Assert.Equal(PairJudge.Confirmation, judge.Next?.Pass);
                confirmed++;
            }
        }

        Assert.True(decided >= 20 && confirmed >= 20, $"{decided} decided, {confirmed} confirmed");
    }

    [Fact]
    public void Add_RegressionWithoutConfirmations_IsDecidedByTheFirstPairsWhereverItsIntervalLies()
    {
        var options = Defaults with { ConfirmRegressions = false };
        var decided = 0;
        for (var run = 0; run < 300; run++)
        {
            var judge = new PairJudge(options, Budget, new Random(run));
            judge.Add(new PairSimulator(run, trueRatio: 1.09).Measure(judge.Next!, 128));
            if (judge.Next is null && judge.Result.Outcome == VerdictOutcome.Regression)
            {
                Assert.False(judge.Result.Confirmed);
                decided += judge.Result.Ratio.Lower <= Budget * 1.01 ? 1 : 0;
            }
        }

        Assert.True(decided > 0, "no Regression reached into the noise floor");
    }

    [Fact]
    public void Add_PairsThatCannotTell_AskForTheExtensionPairsAndJudgeThemAllTogether()
    {
        var judge = new PairJudge(Defaults with { BuildExtensionPairs = 3, BuildExtensions = 1 }, Budget, new Random(3));
        var simulator = new PairSimulator(3, trueRatio: 1.06);

        judge.Add(simulator.Measure(judge.Next!, 128));

        var extension = judge.Next!;
        Assert.Equal(PairJudge.Extension, extension.Pass);
        Assert.Equal(3, extension.Plans.Count);
        judge.Add(simulator.Measure(extension, 128));
        // Still Inconclusive with five pairs, and one extension allowed: the verdict rests on all five.
        Assert.Null(judge.Next);
        Assert.Equal(VerdictOutcome.Inconclusive, judge.Result.Outcome);
        Assert.Equal(5, judge.Result.Ratio.SampleSize);
        Assert.StartsWith("5 pairs, 640 blocks", judge.Result.Evidence, StringComparison.Ordinal);
    }

    [Fact]
    public void Add_FewerPairsThanAskedFor_SaysHowManyWereAskedFor()
    {
        var judge = new PairJudge(Defaults, Budget, new Random(3));
        var one = new PairSimulator(3, 1).Measure(new PairRequest(PairJudge.First, [new(BuildSide.Current, true)]), 4);

        var error = Assert.Throws<ArgumentException>(() => judge.Add(one));

        Assert.Contains("2 pairs with blocks were asked for, 1 came", error.Message, StringComparison.Ordinal);
    }
}
