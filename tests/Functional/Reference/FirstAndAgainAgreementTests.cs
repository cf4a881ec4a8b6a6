using PerfAssert.ReferenceSuite.Ratios;

namespace PerfAssert.Functional.Reference;

/// <summary>
/// The first-and-again check's rule (<c>--first-and-again</c>): process pairs are the unit, so blocks that agree within a
/// pair but whose pairs disagree widen the interval, and a case that is slower first in a fresh process is caught. The
/// processes themselves are too costly for CI (about a minute a pair); the rule is checked on synthetic pairs.
/// </summary>
public sealed class FirstAndAgainAgreementTests
{
    [Fact]
    public void Of_PairsScatteringAroundOne_Agrees()
    {
        // Five pairs measured in late November: estimates 0.97 to 1.04, blocks scattering by 8%.
        var agreement = FirstAndAgainAgreement.Of(Pairs(seed: 41, blockSpread: 0.08, 0.970, 1.008, 1.025, 1.041, 0.944));

        Assert.True(agreement.Agrees, agreement.ToString());
        Assert.InRange(1.0, agreement.Low, agreement.High);
        Assert.Equal(5, agreement.PairRatios.Count);
    }

    [Fact]
    public void Of_FirstTimedBeforePromotion_DoesNotAgree()
    {
        // Unwarmed, the first process's calls ran on code the JIT had not promoted: 0.33 to 0.37 again over first.
        var agreement = FirstAndAgainAgreement.Of(Pairs(seed: 3, blockSpread: 0.2, 0.324, 0.331, 0.371));

        Assert.False(agreement.Agrees);
        Assert.True(agreement.High < 1, agreement.ToString());
    }

    [Fact]
    public void Of_EstimateBeyondTheTolerance_DoesNotAgreeEvenWhenTheIntervalHoldsOne()
    {
        var agreement = FirstAndAgainAgreement.Of(Pairs(seed: 5, blockSpread: 0.08, 1.15, 0.98, 1.20));

        Assert.InRange(1.0, agreement.Low, agreement.High);
        Assert.False(agreement.Agrees, agreement.ToString());
    }

    [Fact]
    public void Of_PairsDisagreeingWhileTheirBlocksAreTight_CountsThePairsNotTheBlocks()
    {
        // 100 blocks a pair scattering by 1% would give a +-0.3% interval if blocks were independent; the pairs differ by
        // +-4%, and the interval must say so.
        var agreement = FirstAndAgainAgreement.Of(Pairs(seed: 9, blockSpread: 0.01, 0.96, 1.04, 0.97, 1.03, 1.00));

        Assert.True(agreement.High / agreement.Low > 1.05, agreement.ToString());
        Assert.True(agreement.Agrees, agreement.ToString());
    }

    [Fact]
    public void Of_OnePair_IsRefused()
    {
        var error = Assert.Throws<ArgumentException>(() => FirstAndAgainAgreement.Of(Pairs(seed: 1, blockSpread: 0.05, 1.0)));

        Assert.Contains("two process pairs", error.Message, StringComparison.Ordinal);
    }

    /// <summary>One list of 100 block log-ratios per pair, centred on each pair's ratio, with normal scatter of the given spread.</summary>
    private static IReadOnlyList<IReadOnlyList<double>> Pairs(int seed, double blockSpread, params double[] ratios)
    {
        var random = new Random(seed);
        return [.. ratios.Select(ratio =>
        {
            var blocks = Enumerable.Range(0, 100).Select(_ => Math.Log(ratio) + (blockSpread * Normal(random))).ToArray();
            // Centre exactly on the pair's ratio, so the test's figures are the pair estimates it names.
            var shift = Math.Log(ratio) - blocks.Average();
            return (IReadOnlyList<double>)[.. blocks.Select(b => b + shift)];
        })];
    }

    private static double Normal(Random random) =>
        Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
}
