using PerfAssert.Statistics;

namespace PerfAssert.Tests.Statistics;

public sealed class HodgesLehmannTests
{
    [Fact]
    public void Estimate_SymmetricData_IsTheCentre()
    {
        var interval = HodgesLehmann.Estimate([-2.0, -1, 0, 1, 2, 3, 4, 5], 0.95);
        Assert.Equal(1.5, interval.Estimate, 10);
        Assert.True(interval.Lower < 1.5 && interval.Upper > 1.5);
        Assert.Equal(8, interval.SampleSize);
    }

    [Fact]
    public void Estimate_OneWildOutlier_BarelyMoves()
    {
        double[] calm = [0.01, 0.02, 0.0, 0.015, 0.005, 0.012, 0.018, 0.008, 0.011, 0.009];
        var withOutlier = calm.ToArray();
        withOutlier[3] = 5.0;
        var shift = HodgesLehmann.Estimate(withOutlier, 0.99).Estimate - HodgesLehmann.Estimate(calm, 0.99).Estimate;
        Assert.InRange(shift, 0, 0.005);
    }

    [Fact]
    public void Estimate_TooFewObservations_IsUnbounded()
    {
        var interval = HodgesLehmann.Estimate([0.1, 0.2, 0.3], 0.99);
        Assert.False(interval.IsBounded);
    }

    [Fact]
    public void Estimate_ManySeededSimulations_CoverTheTrueCentreAtTheStatedLevel()
    {
        var random = new Random(20261121);
        var covered = 0;
        const int runs = 2000;
        for (var run = 0; run < runs; run++)
        {
            var values = Enumerable.Range(0, 16).Select(_ => 0.3 + ((random.NextDouble() - 0.5) * 0.1) + ((random.NextDouble() - 0.5) * 0.1)).ToArray();
            var interval = HodgesLehmann.Estimate(values, 0.95);
            if (interval.Lower <= 0.3 && interval.Upper >= 0.3)
            {
                covered++;
            }
        }

        // Exact signed-rank intervals are conservative: coverage at least the nominal 95%, within simulation error.
        Assert.InRange(covered / (double)runs, 0.94, 1.0);
    }
}
