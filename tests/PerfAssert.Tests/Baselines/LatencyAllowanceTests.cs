using PerfAssert.Baselines;

namespace PerfAssert.Tests.Baselines;

/// <summary>
/// The budget an accepted slowdown leaves: its estimate plus the margin, never below the bound a re-run of the same change
/// may measure (docs/baselines.md, "An intended slowdown").
/// </summary>
public sealed class LatencyAllowanceTests
{
    private static readonly BaselineEntry Entry = new()
    {
        Environment = BaselineEnvironment.Current,
        AllocatedBytesPerOp = 1_000,
        Gen0PerThousandOps = 0,
        Gen1PerThousandOps = 0,
        Gen2PerThousandOps = 0,
        CalibrationRatio = new BaselineRatio(4.5, 4.2, 5.1, 0.99, 64),
        AllocationOps = 1_000,
    };

    [Fact]
    public void RerunBound_IsTheEstimateTimesTheHalfWidthInLogUnitsTimesTheSquareRootOfTwo()
    {
        var ratio = new BaselineRatio(1.2, 1.2 / Math.Exp(0.03), 1.2 * Math.Exp(0.03), 0.99, 512) { Pairs = 4 };

        Assert.Equal(1.2 * Math.Exp(0.03 * Math.Sqrt(2)), ratio.RerunBound, 12);
    }

    [Fact]
    public void LatencyLimit_WithoutAnAllowance_IsOnePlusTheMargin()
    {
        Assert.Equal(1.05, BuildJudge.LatencyLimit(Entry, 0.05), 12);
        Assert.Equal(1.05, BuildJudge.LatencyLimit(null, 0.05), 12);
    }

    [Fact]
    public void LatencyLimit_PreciseAcceptedRun_IsTheAllowanceTimesOnePlusTheMargin()
    {
        // 1.104 [1.075, 1.134]: a re-run may measure up to 1.104 x exp(0.0267 x 1.414) = 1.146, below 1.104 x 1.05 = 1.159.
        var entry = Entry with { LatencyAllowance = 1.104, LatencyRatio = new BaselineRatio(1.104, 1.075, 1.134, 0.99, 512) { Pairs = 4 } };

        Assert.Equal(1.104 * 1.05, BuildJudge.LatencyLimit(entry, 0.05), 12);
    }

    [Fact]
    public void LatencyLimit_ImpreciseAcceptedRun_IsItsRerunBound()
    {
        // A loaded run: 1.305 [1.068, 2.042] could have measured the approved change low; a re-run may reach 2.064.
        var ratio = new BaselineRatio(1.305, 1.068, 2.042, 0.99, 256) { Pairs = 2 };
        var entry = Entry with { LatencyAllowance = 1.305, LatencyRatio = ratio };

        Assert.Equal(ratio.RerunBound, BuildJudge.LatencyLimit(entry, 0.05), 12);
        Assert.InRange(ratio.RerunBound, 2.063, 2.065);
    }
}
