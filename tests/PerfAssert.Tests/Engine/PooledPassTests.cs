using PerfAssert.Budgets;
using PerfAssert.Measurement;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Engine;

public sealed class PooledPassTests
{
    private static readonly RatioCheck[] Checks = [new(LatencyStatistic.Mean, 1.05)];

    [Fact]
    public void Pool_TwoPassesEachTooShortToTell_AreJudgedOnAllTheirBlocks()
    {
        var runner = new BlockRunner(new Sampler(new PerfOptions()), new PerfOptions());
        // Each pass alone: 8 blocks around 1.00 spread +-7%, a 99% interval that reaches over 1.05 x (1 + noise floor) (Inconclusive); together,
        // twice the blocks narrow it to about [0.96, 1.04].
        var first = Pass([0.93, 0.95, 0.97, 0.99, 1.01, 1.03, 1.05, 1.07], 10_000, 10_000);
        var second = Pass([0.94, 0.955, 0.975, 0.99, 1.01, 1.025, 1.045, 1.06], 12_000, 12_000);
        Assert.Equal(VerdictOutcome.Inconclusive, RatioDecision.Decide(Ratio(first), 1.05, new PerfOptions(), finalLook: true));

        var pooled = runner.Pool(first, second, Checks);

        Assert.Equal(16, pooled.Blocks);
        Assert.Equal(VerdictOutcome.Pass, pooled.Outcomes[0]);
        Assert.InRange(pooled.Ratios[0].Estimate, 0.99, 1.01);
        Assert.Equal(11_000, pooled.SubjectNanosecondsPerOp, 6);
        Assert.Equal(Math.Sqrt(10_000.0 * 12_000), pooled.PartnerBlockNanosecondsPerOp, 6);
    }

    private static PerfAssert.Statistics.Interval Ratio(BlockPass pass) =>
        PerfAssert.Statistics.HodgesLehmann.Estimate(pass.LogRatios[0], new PerfOptions().ConfidenceLevel).Map(Math.Exp);

    private static BlockPass Pass(double[] ratios, double subjectNs, double partnerNs)
    {
        var pass = new BlockPass(1);
        foreach (var ratio in ratios)
        {
            pass.Orders.Add(pass.Blocks % 2 == 0);
            pass.LogRatios[0].Add(Math.Log(ratio));
        }

        pass.SubjectNanosecondsPerOp = subjectNs;
        pass.PartnerNanosecondsPerOp = partnerNs;
        pass.SubjectBlockNanosecondsPerOp = subjectNs;
        pass.PartnerBlockNanosecondsPerOp = partnerNs;
        return pass;
    }
}
