using PerfAssert.Statistics;

namespace PerfAssert.Tests.Statistics;

/// <summary>
/// The engine's statistics on Perfolizer 0.6.1 give, to the last bit, what they gave on Perfolizer 0.3.17, the version every
/// figure in docs/verdict-quality.md was measured with. The expected values are 0.3.17's answers for the same inputs
/// (computed 2026-11-26 with a throwaway program beside the repository), so a Perfolizer update that changes any of them
/// fails here before it can move a verdict or a reported percentile.
/// </summary>
public sealed class QuantilesTests
{
    private static readonly Dictionary<string, double[]> Inputs = new(StringComparer.Ordinal)
    {
        ["one"] = [42.0],
        ["three"] = [3.0, 1.0, 2.0],
        ["ten"] = [10, 12, 11, 13, 40, 9, 10.5, 11.5, 12.5, 10.25],
        ["hundred with outliers"] = [.. Enumerable.Range(1, 100).Select(i => 50 + (i * 37 % 101 * 0.75) + (i % 7 == 0 ? 300 : 0))],
    };

    [Theory]
    [InlineData("one", 0.99, 42)]
    [InlineData("three", 0.5, 2)]
    [InlineData("three", 0.95, 2.9688996191576895)]
    [InlineData("ten", 0.5, 11.28905057925473)]
    [InlineData("ten", 0.95, 35.64838437876808)]
    [InlineData("ten", 0.99, 39.38113926099548)]
    [InlineData("hundred with outliers", 0.5, 93.5428042626366)]
    [InlineData("hundred with outliers", 0.95, 400.03138396461435)]
    [InlineData("hundred with outliers", 0.99, 419.47585883643694)]
    public void HarrellDavis_IsWhatPerfolizer0317Gave(string input, double probability, double expected)
    {
        Assert.Equal(expected, Quantiles.HarrellDavis(Inputs[input], probability));
    }

    // Above 300 blocks the signed-rank interval takes its critical value from the normal quantile (0.3.17's
    // z(0.005) = -2.5758313519706335, z(0.0025) = -2.8070416312860362): floor(n(n+1)/4 + z sd - 1/2), computed from them in Python.
    [Theory]
    [InlineData(301, 0.005, 18_832)]
    [InlineData(512, 0.005, 57_036)]
    [InlineData(400, 0.0025, 33_604)]
    public void LowerCriticalValue_AboveExactLimit_IsWhatPerfolizer0317Gave(int n, double tail, int expected)
    {
        Assert.Equal(expected, SignedRankDistribution.LowerCriticalValue(n, tail));
    }

    // The pair-level interval's t quantiles (Perfolizer's StudentDistribution), against the published two-sided 99% table:
    // t(0.995; 1) = 63.657, t(0.995; 3) = 5.841, t(0.995; 10) = 3.169, t(0.995; 30) = 2.750.
    [Theory]
    [InlineData(1, 63.657)]
    [InlineData(3, 5.841)]
    [InlineData(10, 3.169)]
    [InlineData(30, 2.750)]
    public void StudentQuantile_MatchesPublishedTables(double degrees, double expected)
    {
        Assert.Equal(expected, new Perfolizer.Mathematics.Distributions.ContinuousDistributions.StudentDistribution(degrees).Quantile(0.995), 3);
    }
}
