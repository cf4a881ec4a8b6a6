using PerfAssert.Environments;
using PerfAssert.ReferenceSuite;
using PerfAssert.ReferenceSuite.Ratios;
using PerfAssert.ReferenceSuite.Report;

namespace PerfAssert.Functional.Reference;

public sealed class RatioBlocksTests
{
    private static readonly RatioSettings Settings = new(0.99, 0.05, TimeSpan.FromMilliseconds(2), 8);

    [Fact]
    public void Ratio_MachineSpeedDriftingTwofoldBetweenBlocks_RecoversTheRatioWithinANarrowInterval()
    {
        // Each block's machine runs at its own speed (drift of +-50% and more, log sd 0.5); within a block the two cases
        // share it and only their own 10% scatter differs. Side by side, the drift cancels: eight rounds of seven or eight
        // blocks bound the ratio to a few percent, where the drift alone would leave it +-30% and more.
        var blocks = Synthetic(seed: 41, count: 60, ("Fast", 100_000), ("Slow", 150_000));

        var ratio = blocks.Ratio("Slow", "Fast", 0.95);

        Assert.InRange(1.5, ratio.Lower, ratio.Upper);
        Assert.InRange(RatioBlocks.RelativeHalfWidth(ratio), 0.001, 0.08);
        Assert.Equal(blocks.Rounds, ratio.SampleSize);
    }

    [Fact]
    public void Ratio_OfTwoCases_IsTheQuotientOfTheirMeans()
    {
        var blocks = Synthetic(seed: 13, count: 40, ("A", 120_000), ("B", 80_000));

        var ratio = blocks.Ratio("A", "B", 0.99);

        Assert.Equal(blocks.MeanNanoseconds("A") / blocks.MeanNanoseconds("B"), ratio.Estimate, 12);
    }

    [Fact]
    public void Ratio_IdenticalWork_IntervalHoldsOne()
    {
        var blocks = Synthetic(seed: 7, count: 40, ("SmallWcfText-0", 72_000), ("LargeWcfText-0", 72_000));

        var ratio = blocks.Ratio("LargeWcfText-0", "SmallWcfText-0", 0.99);

        Assert.InRange(1.0, ratio.Lower, ratio.Upper);
        Assert.InRange(ratio.Estimate, 0.95, 1.05);
    }

    [Fact]
    public void Ratio_OneRound_IsUnbounded()
    {
        var blocks = Synthetic(seed: 3, count: 30, rounds: 1, ("A", 1_000), ("B", 2_000));

        var ratio = blocks.Ratio("B", "A", 0.99);

        Assert.False(ratio.IsBounded);
        Assert.Equal(double.PositiveInfinity, RatioBlocks.RelativeHalfWidth(ratio));
    }

    [Fact]
    public void Mean_MachineDriftingBetweenRounds_IntervalOverRoundsHoldsTheTrueMeanAndIsWiderThanTheRatios()
    {
        // The machine's speed moves by round (+-15%), and by block within a round: a mean keeps the rounds' drift, a ratio
        // cancels it.
        var random = new Random(17);
        var blocks = new RatioBlocks(["A", "B"]);
        for (var round = 0; round < 8; round++)
        {
            var level = Math.Exp(0.15 * Normal(random));
            for (var block = 0; block < 30; block++)
            {
                var machine = level * Math.Exp(0.2 * Normal(random));
                blocks.Add(new Dictionary<string, double> { ["A"] = 100_000 * machine * Math.Exp(0.1 * Normal(random)), ["B"] = 200_000 * machine * Math.Exp(0.1 * Normal(random)) }, round);
            }
        }

        var mean = blocks.Mean("A", 0.99);
        var ratio = blocks.Ratio("B", "A", 0.99);

        Assert.Equal(8, mean.SampleSize);
        Assert.Equal(8, blocks.Rounds);
        Assert.InRange(RatioBlocks.RelativeHalfWidth(mean), RatioBlocks.RelativeHalfWidth(ratio), 1);
        Assert.InRange(blocks.MeanNanoseconds("A"), mean.Lower, mean.Upper);
        Assert.InRange(2.0, ratio.Lower, ratio.Upper);
    }

    [Fact]
    public void Mean_OneRound_IsUnbounded()
    {
        var blocks = Synthetic(seed: 5, count: 20, rounds: 1, ("A", 1_000), ("B", 2_000));

        Assert.False(blocks.Mean("A", 0.99).IsBounded);
    }

    [Fact]
    public void Calls_RecordedBatches_GiveTheirPercentiles()
    {
        var blocks = new RatioBlocks(["A"]);
        blocks.AddCalls("A", [.. Enumerable.Range(1, 100).Select(i => (double)i * 1000)], jitActive: false);

        var calls = blocks.Calls("A")!;

        Assert.Equal(100, calls.Calls);
        Assert.Equal(50_500, calls.MeanNs, 6);
        Assert.InRange(calls.P95Ns, 94_000, 97_000);
        Assert.Equal(100_000, calls.MaxNs);
        Assert.Null(new RatioBlocks(["B"]).Calls("B"));
    }

    [Fact]
    public void JitActiveShare_FromARound_CountsOnlyTheBatchesFromThen()
    {
        var blocks = new RatioBlocks(["A"]);
        blocks.AddCalls("A", [1.0], jitActive: true, round: 0);
        blocks.AddCalls("A", [1.0], jitActive: true, round: 0);
        blocks.AddCalls("A", [1.0], jitActive: false, round: 4);
        blocks.AddCalls("A", [1.0], jitActive: true, round: 5);

        Assert.Equal(0.75, blocks.JitActiveShare("A"), 12);
        Assert.Equal(0.5, blocks.JitActiveShare("A", fromRound: 4), 12);
    }

    [Fact]
    public void Add_BlockMissingACaseOrWithoutTime_IsRejected()
    {
        var blocks = new RatioBlocks(["A", "B"]);

        Assert.Throws<ArgumentException>(() => blocks.Add(new Dictionary<string, double> { ["A"] = 1 }));
        Assert.Throws<ArgumentException>(() => blocks.Add(new Dictionary<string, double> { ["A"] = 1, ["B"] = 0 }));
        Assert.Equal(0, blocks.Count);
    }

    [Fact]
    public void ReportedTimes_WithTheClassUsualSpeed_GivesEachMeanAsItsRatioToTheYardstickTimesTheUsualTime()
    {
        // This run's machine was 1.2x slower than usual: the yardstick took 600 us against a usual 500.
        var blocks = Synthetic(seed: 9, count: 40, ("SmallWcfText-0", 144_000), (Yardstick.Name, 600_000));
        var table = new RatioTable([new RatioGroupResult("latency, 0 items", blocks, [], TimeSpan.FromSeconds(4))], Settings);

        var usual = new ReportedTimes(table, "linux-x64-2c-net10", (500, "the median of 5 runs"));
        var measured = new ReportedTimes(table, "an-unknown-class", null);

        var mean = usual.Mean("SmallWcfText-0")!.Value;
        Assert.Equal(500 * table.Ratio("SmallWcfText-0", Yardstick.Name)!.Value.Estimate, mean.Estimate, 9);
        Assert.InRange(mean.Estimate, 110, 130);
        Assert.Equal(blocks.MeanNanoseconds(Yardstick.Name) / 1000 / 500, usual.Speed.Slowdown, 9);
        Assert.True(usual.Speed.Normalized);
        Assert.Equal(usual.Scale("SmallWcfText-0"), mean.Estimate * 1000 / blocks.MeanNanoseconds("SmallWcfText-0"), 9);
        Assert.False(measured.Speed.Normalized);
        Assert.Equal(blocks.MeanNanoseconds("SmallWcfText-0") / 1000, measured.Mean("SmallWcfText-0")!.Value.Estimate, 9);
        Assert.Equal(1, measured.Scale("SmallWcfText-0"));
    }

    [Fact]
    public void Markdown_IdenticalWorkPairs_SayWhetherLargeAndSmallAgree()
    {
        var agreeing = Synthetic(seed: 11, count: 40, ("SmallWcfText-0", 72_000), ("LargeWcfText-0", 72_000), ("SmallWebApiJsonNet-0", 100_000), ("LargeWebApiJsonNet-0", 140_000), (Yardstick.Name, 500_000));
        var pairs = new[] { new RatioPair("LargeWcfText-0", "SmallWcfText-0"), new RatioPair("LargeWebApiJsonNet-0", "SmallWebApiJsonNet-0") };
        var times = new ReportedTimes(new RatioTable([new RatioGroupResult("latency, 0 items", agreeing, pairs, TimeSpan.FromSeconds(4))], Settings), "a-class", null);

        var markdown = RatioSection.Markdown(times);

        Assert.Matches(@"\| latency, 0 items \| 5 \| 40 \| 4\.0 \| \+-\d\.\d% \|", markdown);
        Assert.Matches(@"\| WcfText \| 0 \| [\d.,]+ \[[\d.,]+, [\d.,]+\] \| [\d.,]+ \[[\d.,]+, [\d.,]+\] \| (0\.9\d|1\.0\d)x \[0\.9\d, 1\.\d\d\] \| identical work: agrees \|", markdown);
        Assert.Matches(@"\| WebApiJsonNet \| 0 \| [\d.,]+ \[[\d.,]+, [\d.,]+\] \| [\d.,]+ \[[\d.,]+, [\d.,]+\] \| 1\.[34]\dx \[[\d.]+, [\d.]+\] \| identical work: DISAGREES \|", markdown);
        Assert.Contains("None: every mean and ratio measured in this phase has an interval within 10% of its estimate.", markdown, StringComparison.Ordinal);
    }

    [Fact]
    public void JitSettings_SaysWhatTheJitRanWith_AndWarnsWhenPromotionWaitedForTheDelay()
    {
        var suite = new TieringSettings { TieredCompilation = true, QuickJit = true, QuickJitForLoops = true, TieredPgo = true, CallCountingDelayMs = 0, ReadyToRun = true };

        var settled = RatioSection.JitSettings(suite);
        var delayed = RatioSection.JitSettings(suite with { CallCountingDelayMs = 100 });

        Assert.Contains("(tiered on, PGO on, call-counting delay 0 ms, QuickJitForLoops on)", settled, StringComparison.Ordinal);
        Assert.Contains("without the runtime's call-counting delay", settled, StringComparison.Ordinal);
        Assert.Contains("waited until no new method had been called for 100 ms", delayed, StringComparison.Ordinal);
        Assert.Contains("code the JIT was still promoting", delayed, StringComparison.Ordinal);
        // This test process runs with the settings the suite takes (eng/PerfAssert.JitSettings.targets), and the section says so.
        var blocks = Synthetic(seed: 3, count: 20, ("SmallWcfText-0", 72_000), (Yardstick.Name, 500_000));
        var times = new ReportedTimes(new RatioTable([new RatioGroupResult("latency, 0 items", blocks, [], TimeSpan.FromSeconds(1))], Settings), "a-class", null);
        Assert.Contains(settled, RatioSection.Markdown(times), StringComparison.Ordinal);
    }

    [Fact]
    public void ReferenceSuite_RunsWithoutTheCallCountingDelay_ItsSharedWarmUpSettlesOn()
    {
        // The main job's own runtimeconfig.json (copied beside this project's output with the suite it references): with the
        // runtime's 100 ms delay its shared warm-up ran 25 s without settling (docs/reference-suite.md, "The JIT settings").
        using var config = System.Text.Json.JsonDocument.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "ReferenceSuite.runtimeconfig.json")));
        var properties = config.RootElement.GetProperty("runtimeOptions").GetProperty("configProperties");

        Assert.Equal(0, properties.GetProperty("System.Runtime.TieredCompilation.CallCountingDelayMs").GetInt32());
        Assert.False(properties.TryGetProperty("System.Runtime.TieredPGO", out var pgo) && pgo.ValueKind == System.Text.Json.JsonValueKind.False, "dynamic PGO must stay on, as production runs it");
    }

    [Fact]
    public void Wide_RoundsThatScatter_SaysHowMuchTheyMovedAndWhatTenPercentWouldTake_InTheSectionsTable()
    {
        // Each round's connections make B faster or slower by about 25%; its blocks agree within the round.
        var scattered = new Random(23);
        var blocks = new RatioBlocks(["A", "B", Yardstick.Name]);
        for (var round = 0; round < 5; round++)
        {
            var luck = Math.Exp(0.25 * Normal(scattered));
            for (var block = 0; block < 4; block++)
            {
                blocks.Add(new Dictionary<string, double> { ["A"] = 100_000, ["B"] = 200_000 * luck * Math.Exp(0.02 * Normal(scattered)), [Yardstick.Name] = 500_000 }, round);
            }
        }

        var table = new RatioTable([new RatioGroupResult("todo", blocks, [new RatioPair("B", "A")], TimeSpan.FromSeconds(10))], Settings);

        var wide = RatioSection.Wide(table, "B", "A")!;
        var markdown = RatioSection.Markdown(new ReportedTimes(table, "a-class", null));

        Assert.Equal((5, 4.0), (wide.Rounds, wide.BlocksPerRound));
        Assert.InRange(wide.RoundScatter, 0.1, 0.5);
        Assert.InRange(wide.Reach, 0.10, 1);
        Assert.True(wide.SecondsMore > 0, $"{wide.SecondsMore} s more");
        Assert.Matches(@"\| todo \| B / A \| [\d.]+x \[[\d.]+, [\d.]+\] \| \+-\d+\.\d% \| \d+% \| 5 x 4 \| [\d,]+ \|", markdown);
        Assert.Contains("these 1 do not", markdown, StringComparison.Ordinal);
        Assert.Null(RatioSection.Wide(new RatioTable([new RatioGroupResult("quiet", Synthetic(1, 40, ("A", 1), ("B", 2)), [], TimeSpan.FromSeconds(1))], Settings), "B", "A"));
    }

    [Fact]
    public void Latency_WithSideBySideRatios_PrintsThemWithTheirIntervalNotTheQuotientOfMeans()
    {
        // The means, taken apart, say 2x; side by side the case is 3x WCF text.
        var blocks = Synthetic(seed: 5, count: 40, ("SmallWcfText-100", 100_000), ("SmallAspNetCoreJsonNet-100", 300_000));
        var table = new RatioTable([new RatioGroupResult("latency, 100 items", blocks, [new RatioPair("SmallAspNetCoreJsonNet-100", "SmallWcfText-100")], TimeSpan.FromSeconds(1))], Settings);
        var means = new Dictionary<string, double> { ["SmallWcfText-100"] = 100, ["SmallAspNetCoreJsonNet-100"] = 200 };

        var row = PublishedComparison.Latency(means, table).Single(r => r.Case == "SmallAspNetCoreJsonNet-100");
        var markdown = PublishedComparison.Markdown(means, ratios: table);

        Assert.InRange(row.MeasuredRatio!.Value, 2.85, 3.15);
        Assert.True(row.MeasuredInterval!.Value.IsBounded);
        Assert.Contains($"| 200.0 | {RatioSection.Format(row.MeasuredInterval.Value)} |", markdown, StringComparison.Ordinal);
        Assert.StartsWith(row.MeasuredRatio.Value.ToString("0.00x [", System.Globalization.CultureInfo.InvariantCulture), RatioSection.Format(row.MeasuredInterval.Value), StringComparison.Ordinal);
        Assert.Contains("(quotient of means)", PublishedComparison.Markdown(new Dictionary<string, double> { ["DataStreamGrpcUnary-42"] = 2, ["DataStreamWcfNetTcpTuned-42"] = 1 }, ratios: table), StringComparison.Ordinal);
    }

    private static RatioBlocks Synthetic(int seed, int count, params (string Name, double Nanoseconds)[] cases) =>
        Synthetic(seed, count, rounds: 8, cases);

    /// <summary>Blocks spread evenly over rounds, each block's machine at its own speed (log sd 0.5), each case 10% of its own.</summary>
    private static RatioBlocks Synthetic(int seed, int count, int rounds, params (string Name, double Nanoseconds)[] cases)
    {
        var random = new Random(seed);
        var blocks = new RatioBlocks(cases.Select(c => c.Name));
        for (var block = 0; block < count; block++)
        {
            var machine = Math.Exp(0.5 * Normal(random));
            blocks.Add(cases.ToDictionary(c => c.Name, c => c.Nanoseconds * machine * Math.Exp(0.1 * Normal(random)), StringComparer.Ordinal), block * rounds / count);
        }

        return blocks;
    }

    private static double Normal(Random random) =>
        Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
}
