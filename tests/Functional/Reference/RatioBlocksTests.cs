using PerfAssert.ReferenceSuite.Ratios;
using PerfAssert.ReferenceSuite.Report;

namespace PerfAssert.Functional.Reference;

public sealed class RatioBlocksTests
{
    private static readonly RatioSettings Settings = new(0.99, 0.05, 12, TimeSpan.FromMilliseconds(2));

    [Fact]
    public void Ratio_MachineSpeedDriftingTwofoldBetweenBlocks_RecoversTheRatioWithinANarrowInterval()
    {
        // Each block's machine runs at its own speed (drift of +-50% and more, log sd 0.5); within a block the two cases
        // share it and only their own 10% scatter differs. Side by side, the drift cancels.
        var blocks = Synthetic(seed: 41, count: 60, ("Fast", 100_000), ("Slow", 150_000));

        var ratio = blocks.Ratio("Slow", "Fast", 0.99);

        Assert.InRange(1.5, ratio.Lower, ratio.Upper);
        Assert.InRange(RatioBlocks.RelativeHalfWidth(ratio), 0.001, 0.05);
        Assert.Equal(60, ratio.SampleSize);
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
    public void Ratio_TooFewBlocksForTheLevel_IsUnbounded()
    {
        var blocks = Synthetic(seed: 3, count: 5, ("A", 1_000), ("B", 2_000));

        var ratio = blocks.Ratio("B", "A", 0.99);

        Assert.False(ratio.IsBounded);
        Assert.Equal(double.PositiveInfinity, RatioBlocks.RelativeHalfWidth(ratio));
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
    public void Markdown_IdenticalWorkPairs_SayWhetherLargeAndSmallAgree()
    {
        var agreeing = Synthetic(seed: 11, count: 40, ("SmallWcfText-0", 72_000), ("LargeWcfText-0", 72_000), ("SmallWebApiJsonNet-0", 100_000), ("LargeWebApiJsonNet-0", 140_000));
        var pairs = new[] { new RatioPair("LargeWcfText-0", "SmallWcfText-0"), new RatioPair("LargeWebApiJsonNet-0", "SmallWebApiJsonNet-0") };
        var table = new RatioTable([new RatioGroupResult("latency, 0 items", agreeing, pairs, TimeSpan.FromSeconds(4), false, 0.03)], Settings);

        var markdown = RatioSection.Markdown(table);

        Assert.Contains("| latency, 0 items | 4 | 40 | 4.0 | +-3.0% | precision reached |", markdown, StringComparison.Ordinal);
        Assert.Matches(@"\| WcfText \| 0 \| [\d.,]+ \| [\d.,]+ \| (0\.9\d|1\.0\d)x \[0\.9\d, 1\.\d\d\] \| identical work: agrees \|", markdown);
        Assert.Matches(@"\| WebApiJsonNet \| 0 \| [\d.,]+ \| [\d.,]+ \| 1\.[34]\dx \[[\d.]+, [\d.]+\] \| identical work: DISAGREES \|", markdown);
    }

    [Fact]
    public void Latency_WithSideBySideRatios_PrintsThemWithTheirIntervalNotTheQuotientOfMeans()
    {
        // The means, taken apart, say 2x; side by side the case is 3x WCF text.
        var blocks = Synthetic(seed: 5, count: 40, ("SmallWcfText-100", 100_000), ("SmallAspNetCoreJsonNet-100", 300_000));
        var table = new RatioTable([new RatioGroupResult("latency, 100 items", blocks, [new RatioPair("SmallAspNetCoreJsonNet-100", "SmallWcfText-100")], TimeSpan.FromSeconds(1), false, 0.04)], Settings);
        var means = new Dictionary<string, double> { ["SmallWcfText-100"] = 100, ["SmallAspNetCoreJsonNet-100"] = 200 };

        var row = PublishedComparison.Latency(means, table).Single(r => r.Case == "SmallAspNetCoreJsonNet-100");
        var markdown = PublishedComparison.Markdown(means, ratios: table);

        Assert.InRange(row.MeasuredRatio!.Value, 2.85, 3.15);
        Assert.True(row.MeasuredInterval!.Value.IsBounded);
        Assert.Contains($"| 200.0 | {RatioSection.Format(row.MeasuredInterval.Value)} |", markdown, StringComparison.Ordinal);
        Assert.StartsWith(row.MeasuredRatio.Value.ToString("0.00x [", System.Globalization.CultureInfo.InvariantCulture), RatioSection.Format(row.MeasuredInterval.Value), StringComparison.Ordinal);
        Assert.Contains("(quotient of means)", PublishedComparison.Markdown(new Dictionary<string, double> { ["DataStreamGrpcUnary-42"] = 2, ["DataStreamWcfNetTcpTuned-42"] = 1 }, ratios: table), StringComparison.Ordinal);
    }

    private static RatioBlocks Synthetic(int seed, int count, params (string Name, double Nanoseconds)[] cases)
    {
        var random = new Random(seed);
        var blocks = new RatioBlocks(cases.Select(c => c.Name));
        for (var block = 0; block < count; block++)
        {
            var machine = Math.Exp(0.5 * Normal(random));
            blocks.Add(cases.ToDictionary(c => c.Name, c => c.Nanoseconds * machine * Math.Exp(0.1 * Normal(random)), StringComparer.Ordinal));
        }

        return blocks;
    }

    private static double Normal(Random random) =>
        Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
}
