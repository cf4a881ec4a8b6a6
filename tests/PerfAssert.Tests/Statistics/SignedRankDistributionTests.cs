using PerfAssert.Statistics;

namespace PerfAssert.Tests.Statistics;

public sealed class SignedRankDistributionTests
{
    // Critical values of the Wilcoxon signed-rank test from published tables (two-sided alpha 0.05 and 0.01).
    [Theory]
    [InlineData(8, 0.025, 3)]
    [InlineData(10, 0.025, 8)]
    [InlineData(20, 0.025, 52)]
    [InlineData(10, 0.005, 3)]
    [InlineData(20, 0.005, 37)]
    public void LowerCriticalValue_MatchesPublishedTables(int n, double tail, int expected)
    {
        Assert.Equal(expected, SignedRankDistribution.LowerCriticalValue(n, tail));
    }

    [Fact]
    public void LowerCriticalValue_TooFewObservations_IsMinusOne()
    {
        // With 5 observations the smallest one-sided probability is 1/32 > 0.005: no interval can be bounded.
        Assert.Equal(-1, SignedRankDistribution.LowerCriticalValue(5, 0.005));
    }

    [Fact]
    public void LowerCriticalValue_AboveExactLimit_AgreesWithExactNearTheSeam()
    {
        var exact = SignedRankDistribution.LowerCriticalValue(SignedRankDistribution.ExactLimit, 0.005);
        var approximate = SignedRankDistribution.LowerCriticalValue(SignedRankDistribution.ExactLimit + 1, 0.005);
        Assert.InRange(approximate - exact, 0, (SignedRankDistribution.ExactLimit + 1) * 2);
    }
}
