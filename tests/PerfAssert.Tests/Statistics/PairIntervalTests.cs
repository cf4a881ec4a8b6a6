using PerfAssert.Statistics;

namespace PerfAssert.Tests.Statistics;

public sealed class PairIntervalTests
{
    [Fact]
    public void Estimate_NoPrior_IsAPlainTIntervalOverThePairsWithOneDegreeOfFreedomPerPairBeyondTheFirst()
    {
        // Pair means 0 and 0.1: mean 0.05, s = 0.0707, standard error 0.05, t(0.995, 1) = 63.657.
        var estimate = PairInterval.Estimate([[-0.01, 0.01], [0.09, 0.11]], priorSpread: 0.02, priorWeight: 0, confidenceLevel: 0.99);

        Assert.Equal(0.05, estimate.LogRatio.Estimate, 12);
        Assert.Equal(1, estimate.DegreesOfFreedom, 12);
        Assert.Equal(0.05 - (63.657 * 0.05), estimate.LogRatio.Lower, 3);
        Assert.Equal(0.05 + (63.657 * 0.05), estimate.LogRatio.Upper, 3);
        Assert.Equal(2, estimate.LogRatio.SampleSize);
    }

    [Fact]
    public void Estimate_WithAPrior_PoolsItsSpreadWithThePairsOwnAndAddsItsDegreesOfFreedom()
    {
        // No scatter within pairs; pair means 0 and 0.02 (s^2 = 0.0002) pooled with a prior of 0.02 (0.0004) worth 10:
        // s_p^2 = (10 x 0.0004 + 1 x 0.0002) / 11, standard error s_p / sqrt(2), t(0.995, 11) = 3.1058.
        var estimate = PairInterval.Estimate([[0.0, 0.0], [0.02, 0.02]], priorSpread: 0.02, priorWeight: 10, confidenceLevel: 0.99);

        var half = 3.1058 * Math.Sqrt(((10 * 0.0004) + 0.0002) / 11) / Math.Sqrt(2);
        Assert.Equal(11, estimate.DegreesOfFreedom, 9);
        Assert.Equal(0.01 - half, estimate.LogRatio.Lower, 4);
        Assert.Equal(0.01 + half, estimate.LogRatio.Upper, 4);
    }

    [Fact]
    public void Estimate_ScatterWithinPairs_AddsToTheExpectedSpreadOfAPairAndCountsItsOwnDegreesOfFreedom()
    {
        var quiet = PairInterval.Estimate([[0.0, 0.0, 0.0, 0.0], [0.01, 0.01, 0.01, 0.01]], 0.02, 10, 0.99);
        var noisy = PairInterval.Estimate([[-0.2, 0.2, -0.2, 0.2], [-0.19, 0.21, -0.19, 0.21]], 0.02, 10, 0.99);

        Assert.Equal(quiet.LogRatio.Estimate, noisy.LogRatio.Estimate, 12);
        Assert.True(noisy.LogRatio.Upper - noisy.LogRatio.Lower > 3 * (quiet.LogRatio.Upper - quiet.LogRatio.Lower));
        // The within-pair part is known from only 6 blocks' worth of freedom, so the prior counts for less than 10.
        Assert.InRange(noisy.DegreesOfFreedom, 6, 11);
        Assert.Equal(0.2309, noisy.WithinSpread, 3);
    }

    [Fact]
    public void Estimate_OneBlockTimedAcrossAStall_IsClippedInsteadOfDraggingItsPairsMean()
    {
        // 127 blocks scattering +-0.1 around 0 and one timed across a stall, 2.6 lower (one seen on a loaded machine, a
        // reference build sample of 1.7 ms per call against 0.12 ms): averaged in, it would pull the pair 0.02 down.
        var blocks = Enumerable.Range(0, 127).Select(i => i % 2 == 0 ? 0.1 : -0.1).Append(-2.6).ToList();

        var estimate = PairInterval.Estimate([blocks, blocks], 0.02, 10, 0.99);

        Assert.InRange(estimate.LogRatio.Estimate, -0.004, 0);
        Assert.InRange(estimate.WithinSpread, 0.1, 0.11);
        Assert.Equal(blocks.Take(127), PairInterval.Clipped(blocks).Take(127));
        Assert.Equal(-3 * 1.4826 * 0.1, PairInterval.Clipped(blocks)[^1], 6);
    }

    [Fact]
    public void Clipped_BlocksThatAllAgree_AreLeftAsTheyAre()
    {
        Assert.Equal([0.0, 0.0, 0.0, 1.0], PairInterval.Clipped([0.0, 0.0, 0.0, 1.0]));
    }

    [Fact]
    public void Estimate_OnePairAndNoPrior_CannotBoundTheRatio()
    {
        var estimate = PairInterval.Estimate([[0.0, 0.1]], 0.02, 0, 0.99);

        Assert.False(estimate.LogRatio.IsBounded);
    }

    [Fact]
    public void Estimate_NoPairs_Throws()
    {
        Assert.Throws<ArgumentException>(() => PairInterval.Estimate([], 0.02, 10, 0.99));
        Assert.Throws<ArgumentException>(() => PairInterval.Estimate([[0.0], []], 0.02, 10, 0.99));
    }

    [Fact]
    public void Outlier_OneOfFourPairsFifteenPercentOff_IsFound()
    {
        Assert.Equal(3, PairInterval.Outlier([[0.0, 0.0], [0.01, 0.01], [-0.01, -0.01], [-0.15, -0.15]], 0.02));
    }

    [Fact]
    public void Outlier_FourPairsWithinTheirExpectedSpread_NoneIsFound()
    {
        Assert.Equal(-1, PairInterval.Outlier([[0.0, 0.0], [0.03, 0.03], [-0.03, -0.03], [-0.05, -0.05]], 0.02));
    }

    [Fact]
    public void Outlier_ThreePairs_NeverDropsOne()
    {
        Assert.Equal(-1, PairInterval.Outlier([[0.0, 0.0], [0.01, 0.01], [-0.5, -0.5]], 0.02));
    }
}
