using System.Text.Json.Nodes;
using PerfAssert.Budgets;
using PerfAssert.Load;
using PerfAssert.Load.Testing;
using PerfAssert.Verdicts;

namespace PerfAssert.Functional.Load;

/// <summary>
/// The load verdicts' rule on made-up blocks (issue 42): a round's ratio is the mean log of the subject's two blocks less
/// the partner's, rounds are the units of the interval, floors read "&gt;=" and "&lt;"; errors are exact, a partner's wrong
/// answers make a comparison Invalid, an absolute floor never fails. Also what the builder refuses before starting a
/// worker, and the worker's written runtime configuration against its own build's.
/// </summary>
public sealed class LoadJudgeTests
{
    private static readonly LoadOptions Options = new() { Rounds = 8, BlockDuration = TimeSpan.FromMilliseconds(100) };

    [Fact]
    public void Throughput_TwentyPercentBelowThePartnerWithLittleScatter_IsARegressionAgainstAFloorOf90Percent()
    {
        var blocks = Blocks(8, subjectRps: r => 8_000 * Wobble(r, 0.01), partnerRps: r => 10_000 * Wobble(r + 3, 0.01));

        var verdict = Judge([new ThroughputRatioBudget(0.9)], blocks)[0];

        Assert.Equal(VerdictOutcome.Regression, verdict.Outcome);
        Assert.InRange(verdict.Measured.Estimate, 0.78, 0.82);
        Assert.Contains("S / P requests/s ratio = 0.8", verdict.Message, StringComparison.Ordinal);
        Assert.Contains("< budget 0.90 (8 rounds of 4 x 100 ms blocks, 99% CI): Regression", verdict.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Throughput_EqualToThePartner_PassesAFloorOf90Percent()
    {
        var blocks = Blocks(8, subjectRps: r => 10_000 * Wobble(r, 0.03), partnerRps: r => 10_000 * Wobble(r + 5, 0.03));

        var verdict = Judge([new ThroughputRatioBudget(0.9)], blocks)[0];

        Assert.Equal(VerdictOutcome.Pass, verdict.Outcome);
        Assert.Contains(">= budget 0.90", verdict.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Throughput_ScatteredRounds_AreInconclusiveAndSaySo()
    {
        var blocks = Blocks(8, subjectRps: r => 9_000 * Wobble(r, 0.3), partnerRps: r => 10_000 * Wobble(r + 1, 0.3));

        var verdict = Judge([new ThroughputRatioBudget(0.9)], blocks)[0];

        Assert.Equal(VerdictOutcome.Inconclusive, verdict.Outcome);
        Assert.Contains("more rounds (LoadOptions.Rounds) or longer blocks would decide", verdict.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void P99_TwiceThePartners_IsARegressionAgainstOnePointFive()
    {
        var blocks = Blocks(8, subjectRps: _ => 10_000, partnerRps: _ => 10_000, subjectP99: r => 2_000 * Wobble(r, 0.05), partnerP99: r => 1_000 * Wobble(r + 2, 0.05));

        var verdict = Judge([new LatencyRatioBudget(LatencyStatistic.P99, 1.5)], blocks)[0];

        Assert.Equal(VerdictOutcome.Regression, verdict.Outcome);
        Assert.Contains("P99 latency under load ratio = 2", verdict.Message, StringComparison.Ordinal);
        Assert.Contains("> budget 1.50", verdict.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Errors_WithinAnAllowedRate_PassAndOverItFailWithTheFirstError()
    {
        var blocks = Blocks(4, _ => 10_000, _ => 10_000, subjectErrors: 5);

        var allowed = Judge([new ErrorRateBudget(0.001)], blocks)[0];
        var none = Judge([new ErrorRateBudget(0)], blocks)[0];

        Assert.Equal(VerdictOutcome.Pass, allowed.Outcome);
        Assert.Equal(VerdictOutcome.Regression, none.Outcome);
        Assert.Contains("40 of 80,040 requests in 8 blocks", none.Message, StringComparison.Ordinal);
        Assert.Contains("status 500 x40), the first: status 500, not 200", none.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void PartnerThatAnsweredWrongly_MakesEveryComparisonInvalid()
    {
        var blocks = Blocks(4, _ => 10_000, _ => 10_000, partnerErrors: 1);

        var verdicts = Judge([new ErrorRateBudget(0), new ThroughputRatioBudget(0.9), new LatencyRatioBudget(LatencyStatistic.Median, 1.2)], blocks);

        Assert.Equal([VerdictOutcome.Pass, VerdictOutcome.Invalid, VerdictOutcome.Invalid], verdicts.Select(v => v.Outcome));
        Assert.Contains("the partner 'P' answered wrongly, so nothing can be compared with it: 8 errors", verdicts[1].Message, StringComparison.Ordinal);
    }

    [Fact]
    public void BlockWithoutACorrectAnswer_MakesTheRatioInvalid()
    {
        var blocks = Blocks(4, r => r == 2 ? 0 : 10_000, _ => 10_000);

        var verdict = Judge([new ThroughputRatioBudget(0.9)], blocks)[0];

        Assert.Equal(VerdictOutcome.Invalid, verdict.Outcome);
        Assert.Contains("no ratio can be formed", verdict.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void AbsoluteFloor_MissedByFar_IsAnAdvisoryRegressionThatFailsNothing()
    {
        var blocks = Blocks(8, r => 5_000 * Wobble(r, 0.02), _ => 10_000);

        var verdict = Judge([new ThroughputFloorBudget(20_000)], blocks)[0];

        Assert.Equal((VerdictOutcome.Regression, true), (verdict.Outcome, verdict.Advisory));
        Assert.False(verdict.Fails(strict: true));
        Assert.Contains("< budget 20,000 req/s", verdict.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Builder_RelativeBudgetWithoutPartnerOrTwoSidesOfOneName_IsRefusedBeforeAnyWorkerStarts()
    {
        var plan = new LoadPlan { Name = "GET /x", Target = new Uri("http://127.0.0.1:1/x"), Concurrency = 4, Requests = 10 };

        var alone = await Assert.ThrowsAsync<ArgumentException>(() => LoadTest.Of(plan).P95AtMost(1.2).RunAsync(TestContext.Current.CancellationToken));
        var twins = await Assert.ThrowsAsync<ArgumentException>(() => LoadTest.Of(plan).ComparedTo(plan).RunAsync(TestContext.Current.CancellationToken));
        var options = Assert.Throws<ArgumentException>(() => LoadTest.Of(plan).WithOptions(o => o with { Rounds = 2, BlockDuration = TimeSpan.FromMilliseconds(5), DiagnosisTime = TimeSpan.Zero }));

        Assert.Contains("add one with ComparedTo(plan)", alone.Message, StringComparison.Ordinal);
        Assert.Contains("are both named 'GET /x'", twins.Message, StringComparison.Ordinal);
        Assert.Contains("Rounds must be at least 3", options.Message, StringComparison.Ordinal);
        Assert.Contains("BlockDuration must be from 20 ms", options.Message, StringComparison.Ordinal);
        Assert.Contains("DiagnosisTime must be from 100 ms", options.Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentOutOfRangeException>(() => LoadTest.Of(plan).RequestsPerSecondAtLeast(0));
    }

    [Fact]
    public void WorkerRuntimeConfig_Written_SaysWhatTheProjectsOwnBuildSays()
    {
        var built = JsonNode.Parse(File.ReadAllText(Path.ChangeExtension(LoadWorkerProcess.WorkerPath, ".runtimeconfig.json")))!["runtimeOptions"]!;
        var written = JsonNode.Parse(File.ReadAllText(WorkerRuntimeConfig.Write()))!["runtimeOptions"]!;

        Assert.Equal(built["framework"]!.ToJsonString(), written["framework"]!.ToJsonString());
        Assert.Equal(
            built["configProperties"]!.AsObject().Select(p => (p.Key, p.Value!.GetValue<bool>())).Order(),
            written["configProperties"]!.AsObject().Select(p => (p.Key, p.Value!.GetValue<bool>())).Order());
    }

    [Theory]
    [InlineData("run 1 150", true)]
    [InlineData("run 2 150", false)]
    [InlineData("run -1 150", false)]
    [InlineData("run 0 0", false)]
    [InlineData("run 0", false)]
    [InlineData("walk 0 150", false)]
    public void SessionCommand_OnlyARunOfAKnownPlanForAPositiveTime_IsAccepted(string line, bool accepted)
    {
        Assert.Equal(accepted, LoadSessionProtocol.TryParseRun(line, plans: 2, out _, out _));
    }

    private static List<Verdict> Judge(LoadBudget[] budgets, IReadOnlyList<LoadBlock> blocks) => [.. LoadJudge.Judge("S", "P", budgets, blocks, Options)];

    /// <summary>A deterministic factor within +-<paramref name="spread"/> of 1 for round <paramref name="r"/>.</summary>
    private static double Wobble(int r, double spread) => 1 + (spread * Math.Sin((r * 2.3) + 0.7));

    private static List<LoadBlock> Blocks(
        int rounds, Func<int, double> subjectRps, Func<int, double> partnerRps, Func<int, double>? subjectP99 = null, Func<int, double>? partnerP99 = null,
        long subjectErrors = 0, long partnerErrors = 0)
    {
        List<LoadBlock> blocks = [];
        for (var r = 0; r < rounds; r++)
        {
            foreach (var side in r % 2 == 0 ? "SPPS" : "PSSP")
            {
                var subject = side == 'S';
                var rps = subject ? subjectRps(r) : partnerRps(r);
                var errors = subject ? subjectErrors : partnerErrors;
                var p99 = (subject ? subjectP99 : partnerP99)?.Invoke(r) ?? 900;
                var requests = (long)(rps * 1) + errors;
                LoadErrorCount[] kinds = errors > 0 ? [new LoadErrorCount("status 500", errors, "status 500, not 200: 'oops'")] : [];
                var result = new LoadResult(requests, errors, TimeSpan.FromSeconds(1), 300, 600, p99, kinds, errors > 0 ? "status 500, not 200: 'oops'" : null);
                blocks.Add(new LoadBlock(subject ? "S" : "P", r, result));
            }
        }

        return blocks;
    }
}
