using PerfAssert.Baselines;
using PerfAssert.Tool;

namespace PerfAssert.Tests.Tool;

/// <summary>What accepting a baseline-build entry shows a reviewer: an allowance appearing, and where allocations were counted.</summary>
public sealed class ChangeTableAllowanceTests
{
    private static readonly BaselineEntry InProcess = new()
    {
        Environment = new BaselineEnvironment("linux", "x64", 2, 10),
        AllocatedBytesPerOp = 5_111.82,
        Gen0PerThousandOps = 0.2,
        Gen1PerThousandOps = 0,
        Gen2PerThousandOps = 0,
        CalibrationRatio = new BaselineRatio(4.539, 4.2, 5.1, 0.99, 64),
        AllocationOps = 1_000,
    };

    [Fact]
    public void Render_AcceptedSlowdown_ShowsTheNewAllowanceAndTheScope()
    {
        var accepted = InProcess with { AllocatedBytesPerOp = 1_736, AllocationScope = "worker", LatencyAllowance = 1.17 };

        var table = ChangeTable.Render([new AcceptedChange("baselines/GetOrderPerfTests.json", "GetOrder", InProcess, accepted)]);

        Assert.Contains("latency allowance                   -           1.17      new", table, StringComparison.Ordinal);
        Assert.Contains("allocations counted in   test process         worker", table, StringComparison.Ordinal);
    }

    [Fact]
    public void Render_AllowanceFromATightInterval_ShowsTheMeasuredRatioAndNoWarning()
    {
        var accepted = InProcess with { LatencyAllowance = 1.12, LatencyRatio = new BaselineRatio(1.12, 1.081, 1.162, 0.99, 64) };

        var table = ChangeTable.Render([new AcceptedChange("baselines/GetOrderPerfTests.json", "GetOrder", InProcess, accepted)]);

        Assert.True(table.Contains("  from measured ratio  1.12 [1.081, 1.162] (99%, 64 blocks)", StringComparison.Ordinal), table);
        Assert.DoesNotContain("loose", table, StringComparison.Ordinal);
    }

    [Fact]
    public void Render_AllowanceWithItsReferenceTime_ShowsTheConditionsItWasMeasuredUnder()
    {
        var ratio = new BaselineRatio(1.199, 1.133, 1.269, 0.99, 256) { Pairs = 2, ReferenceNanosecondsPerOp = 559_412.3 };
        var accepted = InProcess with { LatencyAllowance = 1.199, LatencyRatio = ratio };

        var table = ChangeTable.Render([new AcceptedChange("baselines/GetOrderPerfTests.json", "GetOrder", InProcess, accepted)]);

        Assert.True(table.Contains("  from measured ratio  1.199 [1.133, 1.269] (99%, 256 blocks, reference build 559.4 us per call)", StringComparison.Ordinal), table);
    }

    [Fact]
    public void Render_AllowanceFromAWideInterval_SaysHowMuchSlowerItLetsTheCallGet()
    {
        // A loaded run: 1.305 measured, interval [1.068, 2.042]: a re-run of the same change may measure up to
        // 1.305 x exp(sqrt(2) x sqrt(0.324^2 + (2.576 x 0.15 x ln 1.305)^2)) = 2.111, so the budget is that.
        var accepted = InProcess with { LatencyAllowance = 1.305, LatencyRatio = new BaselineRatio(1.305, 1.068, 2.042, 0.99, 64) };

        var table = ChangeTable.Render([new AcceptedChange("baselines/GetOrderPerfTests.json", "GetOrder", InProcess, accepted)]);

        Assert.Contains("  loose allowance      it lets the call get 62% slower than this run measured before a test fails; run the test again on a quieter machine and accept that candidate for a tighter one", table, StringComparison.Ordinal);
    }

    [Fact]
    public void Render_LargeAllowanceFromATightInterval_SaysTheLoosenessComesFromItsSize()
    {
        // A 40% slowdown measured to +-3%: the run was precise, but an effect this large moves about 15% of its log-ratio
        // from run to run, so its budget is 1.4 x exp(sqrt(2) x sqrt(0.03^2 + (2.576 x 0.15 x ln 1.4)^2)) = 1.691.
        var accepted = InProcess with { LatencyAllowance = 1.4, LatencyRatio = new BaselineRatio(1.4, 1.4 / Math.Exp(0.03), 1.4 * Math.Exp(0.03), 0.99, 512) };

        var table = ChangeTable.Render([new AcceptedChange("baselines/GetOrderPerfTests.json", "GetOrder", InProcess, accepted)]);

        Assert.True(table.Contains("  loose allowance      it lets the call get 21% slower than this run measured before a test fails; a change this large measures that much higher in some runs than in others", StringComparison.Ordinal), table);
    }

    [Fact]
    public void Render_NoAllowanceEitherSide_HasNoAllowanceRow()
    {
        var table = ChangeTable.Render([new AcceptedChange("baselines/A.json", "a", InProcess, InProcess with { AllocatedBytesPerOp = 5_000 })]);

        Assert.DoesNotContain("allowance", table, StringComparison.Ordinal);
        Assert.DoesNotContain("counted in", table, StringComparison.Ordinal);
    }
}
