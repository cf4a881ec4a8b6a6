using PerfAssert.Tests.Support;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Engine;

/// <summary>The real engine judging synthetic operations on a manual clock: deterministic seeds, no sleeps.</summary>
public sealed class SyntheticVerdictTests
{
    private const double BaseNs = 10_000;

    [Fact]
    public async Task RunAsync_SameCostOverManySeeds_NeverJudgesRegression()
    {
        var outcomes = new List<VerdictOutcome>();
        for (var seed = 1; seed <= 40; seed++)
        {
            outcomes.Add((await Compare(seed, subjectNs: BaseNs, budget: 1.0)).Verdicts[0].Outcome);
        }

        Assert.DoesNotContain(VerdictOutcome.Regression, outcomes);
        Assert.DoesNotContain(VerdictOutcome.Invalid, outcomes);
        Assert.Contains(VerdictOutcome.Pass, outcomes);
    }

    [Theory]
    [InlineData(1.05)]
    [InlineData(1.10)]
    [InlineData(1.20)]
    public async Task RunAsync_InjectedSlowdownOverManySeeds_IsAlwaysConfirmedRegression(double slowdown)
    {
        for (var seed = 1; seed <= 10; seed++)
        {
            var verdict = (await Compare(seed, subjectNs: BaseNs * slowdown, budget: 1.0)).Verdicts[0];
            Assert.Equal(VerdictOutcome.Regression, verdict.Outcome);
            Assert.True(verdict.Confirmed, verdict.Message);
            Assert.InRange(verdict.Measured.Estimate, slowdown * 0.97, slowdown * 1.03);
        }
    }

    [Fact]
    public async Task RunAsync_ClearRegression_StopsAtTheFirstLook()
    {
        var verdict = (await Compare(seed: 7, subjectNs: BaseNs * 1.5, budget: 1.1)).Verdicts[0];
        Assert.Equal("8 blocks + 8 blocks reversed", verdict.Evidence);
    }

    [Fact]
    public async Task RunAsync_FarFasterThanBudget_IsImproved()
    {
        var verdict = (await Compare(seed: 3, subjectNs: BaseNs * 0.7, budget: 1.0)).Verdicts[0];
        Assert.Equal(VerdictOutcome.Improved, verdict.Outcome);
        Assert.False(verdict.Fails(strict: true));
    }

    [Fact]
    public async Task RunAsync_TooCloseToCallWithinTheBlockLimit_IsInconclusiveAndFailsOnlyWhenStrict()
    {
        var result = await Compare(seed: 5, subjectNs: BaseNs * 1.012, budget: 1.0, noisy: true, maxBlocks: 16);
        Assert.Equal(VerdictOutcome.Inconclusive, result.Verdicts[0].Outcome);
        Assert.False(result.Failed);
        Assert.True(result.Verdicts[0].Fails(strict: true));
    }

    [Fact]
    public async Task RunAsync_HeavierTailOnly_FailsP95ButPassesMean()
    {
        var clock = new ManualClock();
        var synthetic = new SyntheticOperation(clock, seed: 11, jitter: 0.02, drift: 0.01, outlierChance: 0);
        var result = await Perf.Measure(synthetic.Create("tail", BaseNs, tailChance: 0.08, tailFactor: 3))
            .ComparedTo(synthetic.Create("steady", BaseNs))
            .MeanAtMost(1.25)
            .P95AtMost(1.5)
            .WithOptions(SyntheticOptions.For(clock, synthetic))
            .RunAsync(TestContext.Current.CancellationToken);

        Assert.Equal(VerdictOutcome.Pass, result.Verdicts[0].Outcome);
        Assert.Equal(VerdictOutcome.Regression, result.Verdicts[1].Outcome);
        Assert.Contains("P95", result.Verdicts[1].Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_SameSeed_RepeatsTheSameVerdict()
    {
        var first = await Compare(seed: 21, subjectNs: BaseNs * 1.03, budget: 1.0);
        var second = await Compare(seed: 21, subjectNs: BaseNs * 1.03, budget: 1.0);
        Assert.Equal(first.Verdicts[0].Message, second.Verdicts[0].Message);
    }

    private static Task<PerfResult> Compare(int seed, double subjectNs, double budget, bool noisy = false, int maxBlocks = 64)
    {
        var clock = new ManualClock();
        var synthetic = noisy ? new SyntheticOperation(clock, seed, jitter: 0.3, drift: 0.1) : new SyntheticOperation(clock, seed);
        return Perf.Measure(synthetic.Create("subject", subjectNs))
            .ComparedTo(synthetic.Create("partner", BaseNs))
            .MeanAtMost(budget)
            .WithOptions(SyntheticOptions.For(clock, synthetic, maxBlocks, seed))
            .RunAsync(TestContext.Current.CancellationToken);
    }
}
