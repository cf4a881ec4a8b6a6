using PerfAssert.Baselines;
using PerfAssert.Diagnosis;
using PerfAssert.Measurement;
using PerfAssert.Reporting;
using PerfAssert.Tests.Support;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Baselines;

/// <summary>
/// Tests judged against the reference build, through the real engine with synthetic builds: the working tree and the
/// reference measured interleaved in fresh pairs, allocations counted per worker, the fallbacks when no build can be had.
/// </summary>
public sealed class BuildComparisonTests : IDisposable
{
    private const string Commit = "0123456789abcdef0123456789abcdef01234567";
    private readonly TempDirectory _temp = new();
    private readonly BaselineStore _store;

    public BuildComparisonTests()
    {
        _store = new BaselineStore(_temp.Sub("baselines"), acceptCommand: "perfassert accept");
        new BaselineReference(Commit).Write(_store);
    }

    [Fact]
    public async Task RunAsync_SameCodeInBothBuilds_PassesOnTwoFreshPairs()
    {
        await RecordAsync(20_000, 85_000);
        var builds = Builds(20_000, 20_000, 85_000, 85_000);

        var result = await RunAsync(builds);

        Assert.All(result.Verdicts, v => Assert.Equal(VerdictOutcome.Pass, v.Outcome));
        Assert.Equal(2, builds.PairsStarted);
        Assert.Equal(builds.PairsStarted, builds.PairsStopped);
        Assert.True(builds.BaselineMeasured);
    }

    [Fact]
    public async Task RunAsync_QuickCall_TimesSamplesOfAboutTargetSampleTime_NotTheBatchItsWarmupGrewTo()
    {
        await RecordAsync(15_000, 85_000);

        var result = await RunAsync(Builds(15_000, 15_000, 85_000, 85_000));

        // Warm-up grows its batch tenfold and then at least twofold while a sample is shorter than 2 ms: 1, 10, 100 calls
        // (1.5 ms), then 200 (3 ms). The blocks time as many calls as take 2 ms at the slowest worker's settled time per
        // call: 134 at 15 us, a few more or fewer for the synthetic machine's noise.
        Assert.Equal(VerdictOutcome.Pass, Assert.Single(result.Verdicts, v => v.Unit == "x").Outcome);
        Assert.InRange(result.Subject.OpsPerSample, 125, 145);
    }

    [Fact]
    public async Task RunAsync_SecondPairFailsToStart_StopsTheFirstAndReportsTheFailure()
    {
        await RecordAsync(20_000, 85_000);
        var builds = Builds(20_000, 20_000, 85_000, 85_000, failStartOf: 2);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => RunAsync(builds));

        Assert.Equal("pair 2 did not start", error.Message);
        Assert.Equal(1, builds.PairsStarted);
        Assert.Equal(1, builds.PairsStopped);
    }

    [Fact]
    public async Task RunAsync_WorkingTreeTenPercentSlower_IsARegressionTheFirstPairsDecideNamingTheReferenceAndBothSides()
    {
        await RecordAsync(20_000, 85_000);
        var builds = Builds(22_000, 20_000, 85_000, 85_000);

        var result = await RunAsync(builds);

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Regression, latency.Outcome);
        Assert.True(result.Failed);
        Assert.InRange(latency.Measured.Estimate, 1.07, 1.13);
        Assert.Equal(1.05, latency.Limit, 6);
        Assert.Contains("GET /fake / reference build 0123456789ab mean (+5%)", latency.Message, StringComparison.Ordinal);
        Assert.Contains("working tree 22", latency.Message, StringComparison.Ordinal);
        Assert.Contains("vs reference build 0123456789ab 20", latency.Message, StringComparison.Ordinal);
        // Its whole interval lies above the budget plus the noise floor, so no confirmation is needed.
        Assert.True(latency.Measured.Lower > 1.05 * 1.01, latency.Message);
        Assert.False(latency.Confirmed);
        Assert.Contains("(2 pairs, 256 blocks, 99% CI): Regression", latency.Message, StringComparison.Ordinal);
        Assert.Contains("2 fresh process pairs", latency.Message, StringComparison.Ordinal);
        Assert.Equal(2, builds.PairsStarted);
    }

    [Fact]
    public async Task RunAsync_ClearRegressionsConfirmed_RunsTheFirstPairsAgainTheOtherWayRound()
    {
        await RecordAsync(20_000, 85_000);
        var builds = Builds(22_000, 20_000, 85_000, 85_000);

        var result = await RunAsync(builds, o => o with { BuildConfirmClearRegressions = true });

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Regression, latency.Outcome);
        Assert.True(latency.Confirmed);
        Assert.Contains("(2 + 2 reversed pairs, 512 blocks, 99% CI, confirmed): Regression", latency.Message, StringComparison.Ordinal);
        Assert.Contains("4 fresh process pairs", latency.Message, StringComparison.Ordinal);
        Assert.Equal(4, builds.PairsStarted);
        // The confirmation runs the first pairs the other way round: the other worker first.
        Assert.Equal(builds.FirstSides.Take(2).Select(s => s == BuildSide.Current ? BuildSide.Baseline : BuildSide.Current), builds.FirstSides.Skip(2));
    }

    [Fact]
    public async Task RunAsync_BuildsThatKeepWarmPairs_StandInForTheNextVerdictsFirstPairsButNotItsConfirmation_AndItsMessageCountsThem()
    {
        await RecordAsync(20_000, 85_000);
        var builds = KeepingBuilds(22_000);

        var first = Assert.Single((await RunAsync(builds, o => o with { BuildConfirmClearRegressions = true })).Verdicts, v => v.Unit == "x");
        var second = Assert.Single((await RunAsync(builds, o => o with { BuildConfirmClearRegressions = true })).Verdicts, v => v.Unit == "x");

        // Each verdict's first pairs may be kept ones; its confirmation's never are, so they are always fresh processes.
        Assert.Equal([true, true, false, false, true, true, false, false], builds.ReuseAllowed);
        Assert.Equal(6, builds.PairsStarted);
        Assert.Contains("4 fresh process pairs", first.Message, StringComparison.Ordinal);
        Assert.Contains("4 process pairs (2 kept warm from an earlier verdict, 2 fresh)", second.Message, StringComparison.Ordinal);
        Assert.All([first, second], v => Assert.Equal(VerdictOutcome.Regression, v.Outcome));
        // Every pair, kept or fresh, was warmed up for the verdict that measured it before it was timed.
        Assert.All(builds.Pairs, p => Assert.NotNull(p.WarmedUp));
    }

    [Fact]
    public async Task RunAsync_BuildsThatKeepWarmPairs_StandInForAnExtensionsPairs_ButNeverWithThePairsOfTheSameVerdict()
    {
        await RecordAsync(20_000, 85_000);
        var builds = KeepingBuilds(21_140);

        // Two pairs without an extension, kept; then a verdict at the budget that extends twice (as
        // RunAsync_SlowdownAtTheBudget_BuysMorePairsJudgedTogetherUntilItsExtensionsRunOut): its first pairs are the two
        // kept ones and its extensions may draw kept pairs too, but its own are held until it ends, so both extensions start
        // fresh pairs. A third verdict like it finds six kept pairs and starts none.
        await RunAsync(builds, o => o with { BuildExtensionPairs = 0 });
        var extended = Assert.Single((await RunAsync(builds)).Verdicts, v => v.Unit == "x");
        Assert.Equal(6, builds.PairsStarted);
        var again = Assert.Single((await RunAsync(builds)).Verdicts, v => v.Unit == "x");

        Assert.Equal(Enumerable.Repeat(true, 2 + 6 + 6), builds.ReuseAllowed);
        Assert.Equal(6, builds.PairsStarted);
        Assert.Contains("(6 pairs, 768 blocks, 99% CI)", extended.Message, StringComparison.Ordinal);
        Assert.Contains("6 process pairs (2 kept warm from an earlier verdict, 4 fresh)", extended.Message, StringComparison.Ordinal);
        Assert.Contains("(6 pairs, 768 blocks, 99% CI)", again.Message, StringComparison.Ordinal);
        Assert.Contains("6 process pairs (6 kept warm from an earlier verdict, 0 fresh)", again.Message, StringComparison.Ordinal);
        Assert.All(builds.Pairs, p => Assert.NotNull(p.WarmedUp));
    }

    [Fact]
    public async Task RunAsync_Regression_IsDiagnosedOnThreeFreshPairs_ItsMessageEndsWithTheMethodsThatDifferAndTheFiles()
    {
        await RecordAsync(20_000, 85_000);
        var builds = ProfiledBuilds(22_000, 20_000, side => side == BuildSide.Current ? Stacks((900, "Fake.Serialize"), (90, "Fake.Validate")) : Stacks((1_000, "Fake.Serialize")));

        var result = await RunAsync(builds);

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Regression, latency.Outcome);
        // The two first pairs, then three fresh pairs for the diagnosis, each with both sides recorded.
        Assert.Equal(5, builds.PairsStarted);
        Assert.Equal(6, builds.SidesProfiled);
        var lines = latency.Message.Split(Environment.NewLine);
        Assert.StartsWith("GET /fake / reference build 0123456789ab mean (+5%)", lines[0], StringComparison.Ordinal);
        Assert.StartsWith("Where (profiled after the verdict on 3 fresh pairs, 1.0 s a worker: ", lines[1], StringComparison.Ordinal);
        // The method only the working tree runs is the top row, more than noise, about the 2 us per call it costs there;
        // the method both run alike is not marked.
        Assert.Matches(@"^  \* 0\.0 -> (1\.9|2\.0|2\.1) \(\+(1\.9|2\.0|2\.1) us\) \(new\)  Fake\.Validate$", lines[3]);
        Assert.Matches(@"^    \d+\.\d -> \d+\.\d \([+-]\d\.\d us\)  Fake\.Serialize$", lines[4]);
        Assert.Matches(@"^  CPU explains (1\.9|2\.0|2\.1) of (1\.9|2\.0|2\.1) us per call$", lines[6]);
        var files = lines[^1];
        Assert.StartsWith("  files: ", files, StringComparison.Ordinal);
        var folder = files["  files: ".Length..files.IndexOf(" (", StringComparison.Ordinal)];
        Assert.All(["diagnosis.speedscope.json", "diff.folded", "working-tree-1.nettrace", "reference-build-1.nettrace", "working-tree-2.nettrace", "reference-build-2.nettrace", "working-tree-3.nettrace", "reference-build-3.nettrace"], f => Assert.True(File.Exists(Path.Combine(folder, f)), f));
        // The differential folded stacks hold each side's samples over every pair: the reference build's column, then the
        // working tree's.
        var folded = await File.ReadAllLinesAsync(Path.Combine(folder, "diff.folded"), TestContext.Current.CancellationToken);
        Assert.Equal(BuildDiagnosis.Pairs * 1_000, folded.Sum(l => int.Parse(l.Split(' ')[^2], System.Globalization.CultureInfo.InvariantCulture)));
        Assert.Equal(BuildDiagnosis.Pairs * 990, folded.Sum(l => int.Parse(l.Split(' ')[^1], System.Globalization.CultureInfo.InvariantCulture)));
        // The results file carries it with the verdict.
        Assert.Equal(latency.Diagnosis, Assert.Single(result.Verdicts, v => v.Unit == "x").Diagnosis);
        Assert.DoesNotContain("sampling thread", latency.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_DiagnosisWhoseSamplingThreadCouldNotRunFirst_SaysItsShortCallsAreUnderCounted()
    {
        await RecordAsync(20_000, 85_000);
        var builds = ProfiledBuilds(22_000, 20_000, side => side == BuildSide.Current ? Stacks((900, "Fake.Serialize"), (90, "Fake.Validate")) : Stacks((1_000, "Fake.Serialize")));
        builds.SamplerRunsFirst = false;

        var latency = Assert.Single((await RunAsync(builds)).Verdicts, v => v.Unit == "x");

        var lines = latency.Message.Split(Environment.NewLine);
        Assert.StartsWith("Where (profiled after the verdict on 3 fresh pairs", lines[1], StringComparison.Ordinal);
        Assert.Equal("  (the workers' sampling thread could not run first: setting its real-time priority with chrt needs root or CAP_SYS_NICE; a short call's own CPU is under-counted, to about half)", lines[2]);
        Assert.StartsWith("  CPU self time per call", lines[3], StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_PassOrDiagnosisNever_ProfilesNothing_AndAPairThatCannotBeProfiled_LeavesTheVerdictWithOneLine()
    {
        await RecordAsync(20_000, 85_000);
        var same = ProfiledBuilds(20_000, 20_000, _ => Stacks((2_000, "Fake.Serialize")));
        var pass = Assert.Single((await RunAsync(same)).Verdicts, v => v.Unit == "x");
        var slower = ProfiledBuilds(22_000, 20_000, _ => Stacks((2_000, "Fake.Serialize")));
        var never = Assert.Single((await RunAsync(slower, o => o with { Diagnosis = DiagnosisMode.Never })).Verdicts, v => v.Unit == "x");
        var refusing = ProfiledBuilds(22_000, 20_000, _ => null);
        var refused = Assert.Single((await RunAsync(refusing)).Verdicts, v => v.Unit == "x");

        Assert.Equal(VerdictOutcome.Pass, pass.Outcome);
        Assert.Null(pass.Diagnosis);
        Assert.Equal(0, same.SidesProfiled);
        Assert.Equal(VerdictOutcome.Regression, never.Outcome);
        Assert.Null(never.Diagnosis);
        Assert.Equal(0, slower.SidesProfiled);
        Assert.Equal(VerdictOutcome.Regression, refused.Outcome);
        Assert.Equal("No diagnosis: the worker's diagnostics port refused the session", refused.Diagnosis);
        Assert.Equal(2, refused.Message.Split(Environment.NewLine).Length);
        // Every pair the diagnosis started was stopped.
        Assert.Equal(refusing.PairsStarted, refusing.PairsStopped);
    }

    [Fact]
    public async Task RunAsync_WorkersWhoseJitIsStillCompiling_AreWarmedUntilItHasBeenQuietThenToldTheyAreWarm()
    {
        await RecordAsync(20_000, 85_000);
        var builds = SameBuildsWhoseJitIsBusyFor(TimeSpan.FromMilliseconds(900));

        var result = await RunAsync(builds);

        Assert.All(result.Verdicts, v => Assert.Equal(VerdictOutcome.Pass, v.Outcome));
        Assert.Equal(2, builds.Pairs.Count);
        // Timings agree within a few hundred milliseconds here, but warm-up waits for each worker's own JIT (900 ms after its
        // pair started) to stay quiet for JitQuietTime; both pairs were started before warm-up, and each is told once.
        AssertWarmedAfterTheirJitWentQuiet(builds.Pairs, builds.JitBusyFor);
    }

    [Fact]
    public async Task RunAsync_SixPairsWhoseJitIsBusyForFourSeconds_AreWarmedUntilItHasBeenQuiet()
    {
        await RecordAsync(20_000, 85_000);
        var builds = SameBuildsWhoseJitIsBusyFor(TimeSpan.FromSeconds(4));

        var result = await RunAsync(builds, o => o with { BuildPairs = 6 });

        // Twelve workers take turns, so warm-up allows MaxWarmupTime (3 s) for every two pairs: 9 s here. Within 3 s no
        // worker's JIT would have gone quiet, and the first blocks would have been timed on code still being compiled.
        Assert.True(result.Subject.WarmupSettled, ResultText.Format(result));
        AssertWarmedAfterTheirJitWentQuiet(builds.Pairs.Take(6), builds.JitBusyFor);
        Assert.All(result.Verdicts, v => Assert.Equal(VerdictOutcome.Pass, v.Outcome));
    }

    [Fact]
    public async Task RunAsync_WorkersWhoseJitOutlastsTheWarmupTime_SaysWarmupDidNotSettle()
    {
        await RecordAsync(20_000, 85_000);
        var builds = SameBuildsWhoseJitIsBusyFor(TimeSpan.FromSeconds(10));

        var result = await RunAsync(builds);

        Assert.False(result.Subject.WarmupSettled);
        var text = ResultText.Format(result);
        Assert.Contains("GET /fake: mean 20", text, StringComparison.Ordinal);
        Assert.Contains("0/0/0 (timed unsettled code: of the 2 pairs, 2 had a worker whose warm-up did not settle", text, StringComparison.Ordinal);
        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.EndsWith("2 fresh process pairs (warm-up did not settle in every worker: see PerfOptions.BuildMaxWarmupTime)", latency.Message, StringComparison.Ordinal);
        Assert.All(result.BuildPairs!, p => Assert.False(p.WarmupSettled));
        // Each pair says how long its warm-up ran and why it did not settle.
        Assert.All(result.BuildPairs!, p => Assert.True(p.WarmupTime > TimeSpan.Zero, p.WarmupTime.ToString()));
        Assert.All(result.BuildPairs!, p => Assert.Contains("JIT", p.WarmupUnsettled, StringComparison.Ordinal));
    }

    [Fact]
    public async Task RunAsync_SlowdownAtTheBudget_BuysMorePairsJudgedTogetherUntilItsExtensionsRunOut()
    {
        await RecordAsync(20_000, 85_000);
        var builds = Builds(21_140, 20_000, 85_000, 85_000);

        var result = await RunAsync(builds);

        // 5.7% slower against a budget of +5% (and its 1% noise floor, 1.0605): two pairs cannot show either side (the same
        // run without an extension says Inconclusive, below), so two more pairs are measured and judged with them, and two
        // more again (BuildExtensions, 2): the verdict rests on six pairs, never a Regression within the noise floor.
        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.True(latency.Outcome is VerdictOutcome.Inconclusive or VerdictOutcome.Pass, latency.Message);
        Assert.InRange(latency.Measured.Estimate, 1.04, 1.08);
        Assert.Equal(6, builds.PairsStarted);
        Assert.Equal(builds.PairsStarted, builds.PairsStopped);
        Assert.Equal(6, latency.Measured.SampleSize);
        Assert.Contains("(6 pairs, 768 blocks, 99% CI)", latency.Message, StringComparison.Ordinal);
        Assert.Contains("6 fresh process pairs", latency.Message, StringComparison.Ordinal);
        Assert.Equal([PairJudge.First, PairJudge.First, PairJudge.Extension, PairJudge.Extension, PairJudge.Extension, PairJudge.Extension], result.BuildPairs!.Select(p => p.Pass));
    }

    [Fact]
    public async Task RunAsync_EveryPair_StartsTheWorkerDrawnFromTheSeedFirstAndTheResultKeepsEveryBlock()
    {
        await RecordAsync(20_000, 85_000);
        var builds = Builds(20_000, 20_000, 85_000, 85_000);

        var result = await RunAsync(builds);

        var pairs = result.BuildPairs!;
        Assert.Equal(builds.FirstSides, pairs.Select(p => p.First));
        // Two pairs are balanced: one starts each build first, and their blocks alternate ABBA and BAAB.
        Assert.Equal(2, pairs.Select(p => p.First).Distinct().Count());
        Assert.All(pairs, p => Assert.Equal(128, p.Blocks.Count));
        Assert.All(pairs, p => Assert.Equal(Enumerable.Range(0, 128).Select(i => p.Blocks[0].WorkingTreeFirst == (i % 2 == 0)), p.Blocks.Select(b => b.WorkingTreeFirst)));
        Assert.Equal(Enumerable.Range(0, 256), pairs.SelectMany(p => p.Blocks).Select(b => b.PassBlock).Order());
        // Each block holds both builds' times per call: the same code, so within 20% of each other but for a few blocks that
        // timed one of the synthetic machine's preempted calls (30 times a call: about one 2 ms sample in twenty has one).
        var ratios = pairs.SelectMany(p => p.Blocks).Select(b => b.WorkingTreeNs / b.BaselineNs).ToList();
        Assert.All(ratios, r => Assert.InRange(r, 0.6, 1.6));
        Assert.InRange(ratios.Count(r => r is < 0.8 or > 1.25), 0, 8);
        // Over a pair's 128 blocks the two builds' times agree within 2% (1.0020 and 1.0012 with this seed).
        Assert.All(pairs, p => Assert.InRange(p.Ratio, 0.98, 1.02));
        var again = Builds(20_000, 20_000, 85_000, 85_000);
        await RunAsync(again);
        Assert.Equal(builds.FirstSides, again.FirstSides);

        var read = ResultsReader.ParseResult(PerfJson.Serialize(result), "result.json");
        Assert.Equal(pairs.Select(p => (p.Pair, p.Pass, p.First, p.Ratio, p.Blocks.Count)), read.BuildPairs!.Select(p => (p.Pair, p.Pass, p.First, p.Ratio, p.Blocks.Count)));
        Assert.Equal(pairs[1].Blocks[5], read.BuildPairs![1].Blocks[5]);
    }

    [Fact]
    public async Task RunAsync_SlowdownAtTheBudgetWithNoExtension_StopsAfterTheFirstPairs()
    {
        await RecordAsync(20_000, 85_000);
        var builds = Builds(21_140, 20_000, 85_000, 85_000);

        var result = await RunAsync(builds, o => o with { BuildExtensionPairs = 0 });

        Assert.Equal(VerdictOutcome.Inconclusive, Assert.Single(result.Verdicts, v => v.Unit == "x").Outcome);
        Assert.Equal(2, builds.PairsStarted);
    }

    [Fact]
    public async Task RunAsync_OneKilobyteMorePerCallOnEightyFiveKilobytes_IsAnAllocationRegression()
    {
        await RecordAsync(20_000, 85_000);

        var result = await RunAsync(Builds(20_000, 20_000, 86_024, 85_000));

        var allocation = Assert.Single(result.Verdicts, v => v.Unit == "B/op");
        Assert.Equal(VerdictOutcome.Regression, allocation.Outcome);
        Assert.Contains("allocated in worker (baseline 85,000, reference build 85,000) = 86,024 B/op > budget 85,086 B/op = 85,000 + tolerance 86 (", allocation.Message, StringComparison.Ordinal);
        Assert.Contains("tolerance 1 + 3 x noise 0 + 0.1%", allocation.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_ABufferGrownInSomeRepeats_DoesNotWidenTheTolerance()
    {
        // One call in 700 allocates 64 KB more, so some allocation repeats of 200 calls carry 328 B/op more than others. The
        // figure is the smallest repeat, which stays exact; measuring its noise as the spread of all repeats let 1 KB more
        // per call through (tolerance 1 + 3 x 328 + 85), the gap to the next smallest repeat does not.
        await RecordAsync(20_000, 85_000);
        var clock = new ManualClock();
        var builds = new FakeBuilds(clock, new SyntheticOperation(clock, seed: 7), 20_000, 20_000, 86_024, 85_000) { OccasionalBytes = 65_536, OccasionalEvery = 700 };

        var result = await RunAsync(builds);

        var allocation = Assert.Single(result.Verdicts, v => v.Unit == "B/op");
        Assert.True(allocation.Outcome == VerdictOutcome.Regression, allocation.Message);
        Assert.True(allocation.Tolerance < 200, allocation.Message);
    }

    [Fact]
    public async Task RunAsync_BothBuildsAboveTheCommittedFigure_PassesSayingTheFigureIsStaleAndWritesACandidate()
    {
        // Timing-dependent buffers move a streaming call's allocations between runs (354,751 recorded, 354,930 and 354,948
        // measured for the reference build and the working tree in one CI run, noise 41; the 0.1% share of the tolerance
        // covers that much). When the recording run measured lower still, the same-run reference decides. These fake
        // workers have no noise, so both builds allocate the same here.
        await RecordAsync(20_000, 354_751);

        var result = await RunAsync(Builds(20_000, 20_000, 355_400, 355_400));

        var allocation = Assert.Single(result.Verdicts, v => v.Unit == "B/op");
        Assert.Equal(VerdictOutcome.Pass, allocation.Outcome);
        Assert.Contains("not above the reference build measured beside it (355,400 B/op): the committed figure is stale", allocation.Message, StringComparison.Ordinal);
        Assert.False(result.Failed);
        // The figure no longer describes the reference build (here a low recording; after `baseline move`, an earlier
        // reference): the run offers the refreshed figure for review.
        Assert.Contains("candidate written to", allocation.Message, StringComparison.Ordinal);
        Assert.Contains("\"allocatedBytesPerOp\": 355400", await File.ReadAllTextAsync(Path.Combine(_temp.Sub("baselines"), "Api.received.json"), TestContext.Current.CancellationToken), StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_ReferenceBuildAllocatesTheCommittedFigure_WritesNoCandidate()
    {
        await RecordAsync(20_000, 85_000);

        var result = await RunAsync(Builds(20_000, 20_000, 85_000, 85_000));

        Assert.DoesNotContain(result.Verdicts, v => v.Message.Contains("candidate written", StringComparison.Ordinal));
    }

    [Fact]
    public async Task RunAsync_AboveTheCommittedFigureAndAboveTheReferenceBuild_IsStillARegression()
    {
        await RecordAsync(20_000, 354_751);

        // 1,070 B/op above the reference build measured beside it, more than the tolerance (356): the reference does not excuse it.
        var result = await RunAsync(Builds(20_000, 20_000, 356_000, 354_930));

        Assert.Equal(VerdictOutcome.Regression, Assert.Single(result.Verdicts, v => v.Unit == "B/op").Outcome);
        Assert.True(result.Failed);
    }

    [Fact]
    public async Task AcceptAsync_AllowanceFromABusyRun_HoldsTheTimeItAddedPerCallOnACalmOne()
    {
        // Accepted on a busy machine: the reference build at 40 us per call, the change adding 6 us (1.15). Re-run on a calm
        // one, the reference at 20 us: the same 6 us per call is 1.30, far above 1.15's rerun bound (about 1.24).
        await RecordAsync(20_000, 85_000);
        Assert.Equal(VerdictOutcome.Regression, Assert.Single((await RunAsync(Builds(46_000, 40_000, 85_000, 85_000))).Verdicts, v => v.Unit == "x").Outcome);
        await BaselineAcceptor.AcceptAsync(_store, cancellationToken: TestContext.Current.CancellationToken);
        var entry = _store.Load("Api").Entries["echo"];
        Assert.InRange(entry.LatencyRatio!.ReferenceNanosecondsPerOp!.Value, 38_000, 42_000);

        var calm = await RunAsync(Builds(26_000, 20_000, 85_000, 85_000));

        var latency = Assert.Single(calm.Verdicts, v => v.Unit == "x");
        Assert.False(calm.Failed, latency.Message);
        Assert.Matches($@"mean \(allowance {entry.LatencyAllowance:0.###}, \+[\d.]+ us per call: 1\.[23]\d* at this run's reference, its rerun bound\)", latency.Message);
        // The same entry without the reference's time (as entries recorded before it was kept) holds the ratio: a Regression.
        await WriteEntryAsync(entry with { LatencyRatio = entry.LatencyRatio with { ReferenceNanosecondsPerOp = null } });
        Assert.Equal(VerdictOutcome.Regression, Assert.Single((await RunAsync(Builds(26_000, 20_000, 85_000, 85_000))).Verdicts, v => v.Unit == "x").Outcome);
        // And what the change added is all it holds: 6 us more on top, on the calm machine, is a Regression.
        await WriteEntryAsync(entry);
        Assert.Equal(VerdictOutcome.Regression, Assert.Single((await RunAsync(Builds(32_000, 20_000, 85_000, 85_000))).Verdicts, v => v.Unit == "x").Outcome);
    }

    [Fact]
    public async Task AcceptAsync_LatencyRegression_RecordsItsEstimateAsAllowanceAndThenPasses()
    {
        await RecordAsync(20_000, 85_000);
        var slower = await RunAsync(Builds(26_000, 20_000, 85_000, 85_000));
        var latency = Assert.Single(slower.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Regression, latency.Outcome);

        await BaselineAcceptor.AcceptAsync(_store, cancellationToken: TestContext.Current.CancellationToken);
        var entry = _store.Load("Api").Entries["echo"];
        var allowance = entry.LatencyAllowance;

        Assert.Equal(Math.Ceiling(latency.Measured.Estimate * 1000) / 1000, allowance);
        // The ratio behind it goes into the reviewed diff too, interval and all.
        Assert.Equal(new BaselineRatio(Math.Round(latency.Measured.Estimate, 4), Math.Round(latency.Measured.Lower, 4), Math.Round(latency.Measured.Upper, 4), 0.99, 256) { Pairs = 2 }, entry.LatencyRatio! with { ReferenceNanosecondsPerOp = null });
        // With the reference build's time per call in that run: the conditions the change was measured under.
        Assert.InRange(entry.LatencyRatio!.ReferenceNanosecondsPerOp!.Value, 19_000, 21_000);
        var again = await RunAsync(Builds(26_000, 20_000, 85_000, 85_000));
        Assert.False(again.Failed, string.Join(Environment.NewLine, again.Verdicts.Select(v => v.Message)));
        // A 30% slowdown moves more from run to run than the margin covers, so its rerun bound is the budget.
        // (Where this run's reference happened to be a little faster than the accepted run's, the allowance is shown as the
        // time it added and what that is here.)
        Assert.Matches($@"mean \(allowance {allowance:0.###}(, \+[\d.]+ us per call: [\d.]+ at this run's reference)?, its rerun bound\)", Assert.Single(again.Verdicts, v => v.Unit == "x").Message);
        // The reference did not move: a further slowdown is measured against it, not against the accepted build.
        var further = await RunAsync(Builds(31_000, 20_000, 85_000, 85_000));
        Assert.Equal(VerdictOutcome.Regression, Assert.Single(further.Verdicts, v => v.Unit == "x").Outcome);
    }

    [Fact]
    public async Task RunAsync_NoReferenceFile_SaysSoAndJudgesLatencyOnlyAsAdvisory()
    {
        await RecordAsync(20_000, 85_000);
        File.Delete(BaselineReference.PathIn(_store));
        var builds = Builds(40_000, 20_000, 85_000, 85_000);

        var result = await RunAsync(builds);

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.True(latency.Advisory);
        Assert.Contains("no reference build: baselines/reference.json does not exist; name the approved commit with: perfassert baseline move", latency.Message, StringComparison.Ordinal);
        Assert.False(builds.BaselineMeasured);
        Assert.False(result.Failed);
    }

    [Fact]
    public async Task RunAsync_ReferenceThatCannotBeBuilt_IsInvalidNamingTheCause()
    {
        await RecordAsync(20_000, 85_000);
        const string cause = "no reference build: commit 0123456789abcdef0123456789abcdef01234567 is not in this clone. This is a shallow clone: fetch the whole history";

        var result = await RunAsync(Builds(20_000, 20_000, 85_000, 85_000, cause));

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Invalid, latency.Outcome);
        Assert.False(latency.Advisory);
        Assert.Contains(cause, latency.Message, StringComparison.Ordinal);
        Assert.True(result.Failed);
    }

    [Fact]
    public async Task RunAsync_NoEntry_IsNoBaselineWithACandidateCountedInTheWorker()
    {
        var result = await RunAsync(Builds(20_000, 20_000, 85_000, 85_000));

        var verdict = Assert.Single(result.Verdicts);
        Assert.Equal(VerdictOutcome.NoBaseline, verdict.Outcome);
        Assert.Contains("measured 85,000 B/op in the service's worker", verdict.Message, StringComparison.Ordinal);
        var candidate = _store.Read(_store.CandidatePathOf("Api")).Entries["echo"];
        Assert.Equal("worker", candidate.AllocationScope);
        Assert.Null(candidate.LatencyAllowance);
        Assert.Null(candidate.LatencyRatio);
    }

    [Fact]
    public async Task RunAsync_NoEntryAndNoReference_MeasuresTheAdvisoryRatioNoLongerThanAnInProcessComparison()
    {
        File.Delete(BaselineReference.PathIn(_store));

        var result = await RunAsync(Builds(20_000, 20_000, 85_000, 85_000));

        // Nothing to decide against, so the pass against the calibration workload runs to its end: MaxBlocks (64), as an
        // in-process recording does, not BuildMaxBlocks (256), which the comparison of two builds may need.
        var verdict = Assert.Single(result.Verdicts);
        Assert.Equal(VerdictOutcome.NoBaseline, verdict.Outcome);
        Assert.Contains($"({new PerfOptions().MaxBlocks} blocks", verdict.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_BuildsWithAPartner_IsRejectedBeforeMeasuring()
    {
        var clock = new ManualClock();
        var synthetic = new SyntheticOperation(clock, seed: 3);
        var builds = new FakeBuilds(clock, synthetic, 20_000, 20_000, 0, 0);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => Perf.Measure(builds.Call)
            .ComparedTo(synthetic.Create("other", 10_000))
            .AgainstBaseline("Api", "echo", builds, _store)
            .WithOptions(SyntheticOptions.For(clock, synthetic))
            .RunAsync(TestContext.Current.CancellationToken));

        Assert.Contains("give it no partner", error.Message, StringComparison.Ordinal);
        Assert.Equal(0, builds.PairsStarted);
    }

    [Fact]
    public async Task RunAsync_UnbuildableReferenceOnAnUnstableMachine_NamesTheReferenceFirstAndTheSpreadAfter()
    {
        // On a loaded machine the calibration's spread made this verdict Invalid as well, and its message then named only
        // the spread: a user hunting a broken reference commit was told to find a quieter machine.
        const string Unbuildable = "the reference build of src/Fake/Fake.csproj at 0123456 failed: error CS1002";
        await RecordAsync(20_000, 85_000);
        var builds = Builds(20_000, 20_000, 85_000, 85_000, Unbuildable);
        var calls = 0;
        // A machine whose speed swings 4x every few hundred calls, as a loaded CI runner's did.
        var unstable = Operation.Sync("calibration", () => builds.Clock.Advance((calls++ / 300 % 2 == 0) ? 10_000 : 40_000));

        var result = await RunAsync(builds, o => o with { Calibration = unstable });

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Invalid, latency.Outcome);
        Assert.StartsWith(Unbuildable, latency.Reason, StringComparison.Ordinal);
        Assert.Contains("too unstable", latency.Reason, StringComparison.Ordinal);
        Assert.True(result.Failed);
    }

    public void Dispose() => _temp.Dispose();

    private static FakeBuilds Builds(double currentNs, double baselineNs, long currentBytes, long baselineBytes, string? unavailable = null, int failStartOf = 0)
    {
        var clock = new ManualClock();
        return new FakeBuilds(clock, new SyntheticOperation(clock, seed: 7), currentNs, baselineNs, currentBytes, baselineBytes, unavailable) { FailStartOf = failStartOf };
    }

    /// <summary>Builds that keep the pairs a verdict completed and hand them out again where a kept pair may stand in (20 us a call of the reference build).</summary>
    private static FakeBuilds KeepingBuilds(double currentNs)
    {
        var clock = new ManualClock();
        return new FakeBuilds(clock, new SyntheticOperation(clock, seed: 7), currentNs, 20_000, 85_000, 85_000) { KeepPairs = true };
    }

    /// <summary>Builds whose pairs record <paramref name="profiles"/> when profiled.</summary>
    private static FakeBuilds ProfiledBuilds(double currentNs, double baselineNs, Func<BuildSide, (IReadOnlyList<SampledStack>, IReadOnlyList<SampledAllocation>)?> profiles)
    {
        var clock = new ManualClock();
        return new FakeBuilds(clock, new SyntheticOperation(clock, seed: 7), currentNs, baselineNs, 85_000, 85_000) { Profiles = profiles };
    }

    /// <summary>CPU samples under a handler: so many samples of each leaf method.</summary>
    private static (IReadOnlyList<SampledStack>, IReadOnlyList<SampledAllocation>) Stacks(params (int Samples, string Leaf)[] leaves) =>
        ([.. leaves.Select(l => new SampledStack(["Fake.Handle", l.Leaf], l.Samples))], []);

    /// <summary>Two builds of the same code whose workers' JIT goes on compiling for <paramref name="busy"/> after their pair starts.</summary>
    private static FakeBuilds SameBuildsWhoseJitIsBusyFor(TimeSpan busy)
    {
        var clock = new ManualClock();
        return new FakeBuilds(clock, new SyntheticOperation(clock, seed: 7), 20_000, 20_000, 85_000, 85_000) { JitBusyFor = busy };
    }

    private static void AssertWarmedAfterTheirJitWentQuiet(IEnumerable<(TimeSpan Started, TimeSpan? WarmedUp)> pairs, TimeSpan jitBusyFor)
    {
        var quiet = new PerfOptions().JitQuietTime;
        Assert.All(pairs, p => Assert.True(p.WarmedUp >= p.Started + jitBusyFor + quiet, $"started {p.Started}, warm at {p.WarmedUp}"));
    }

    private async Task RecordAsync(double ns, long bytes)
    {
        var first = await RunAsync(Builds(ns, ns, bytes, bytes));
        Assert.Equal(VerdictOutcome.NoBaseline, Assert.Single(first.Verdicts).Outcome);
        await BaselineAcceptor.AcceptAsync(_store, cancellationToken: TestContext.Current.CancellationToken);
    }

    private Task WriteEntryAsync(BaselineEntry entry) =>
        _store.UpdateAsync(_store.PathOf("Api"), file => file.Entries["echo"] = entry, TestContext.Current.CancellationToken);

    private Task<PerfResult> RunAsync(FakeBuilds builds, Func<PerfOptions, PerfOptions>? options = null) => Perf.Measure(builds.Call)
        .AgainstBaseline("Api", "echo", builds, _store)
        .WithOptions((options ?? (o => o))(SyntheticOptions.For(builds.Clock, builds.Synthetic) with { AllocationSettleTime = TimeSpan.Zero }))
        .RunAsync(TestContext.Current.CancellationToken);
}
