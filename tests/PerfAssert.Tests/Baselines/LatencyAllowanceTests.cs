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
    public void RerunBound_OfNoChange_IsTheEstimateTimesTheHalfWidthInLogUnitsTimesTheSquareRootOfTwo()
    {
        var ratio = new BaselineRatio(1.0, 1.0 / Math.Exp(0.03), Math.Exp(0.03), 0.99, 512) { Pairs = 4 };

        Assert.Equal(Math.Exp(0.03 * Math.Sqrt(2)), ratio.RerunBound, 12);
    }

    [Fact]
    public void RerunBound_OfAChange_AddsItsRunToRunMovementInProportionToItsSize()
    {
        // z = 2.5758 at 99%: 1.2 x exp(sqrt(2) x sqrt(0.03^2 + (2.5758 x 0.15 x ln 1.2)^2)) = 1.2 x exp(0.1083) = 1.3372.
        var ratio = new BaselineRatio(1.2, 1.2 / Math.Exp(0.03), 1.2 * Math.Exp(0.03), 0.99, 512) { Pairs = 4 };
        var twice = new BaselineRatio(1.44, 1.44 / Math.Exp(0.03), 1.44 * Math.Exp(0.03), 0.99, 512) { Pairs = 4 };

        Assert.InRange(ratio.RerunBound, 1.3371, 1.3373);
        // Twice the effect in log units moves about twice as much: the bound's reach above the estimate nearly doubles.
        Assert.InRange(Math.Log(twice.RerunBound / 1.44) / Math.Log(ratio.RerunBound / 1.2), 1.8, 2.0);
    }

    [Fact]
    public void ImprecisionBound_IsTheRerunBoundWithoutTheEffectsOwnMovement()
    {
        var ratio = new BaselineRatio(1.2, 1.2 / Math.Exp(0.03), 1.2 * Math.Exp(0.03), 0.99, 512) { Pairs = 4 };
        var none = new BaselineRatio(1.0, 1.0 / Math.Exp(0.03), Math.Exp(0.03), 0.99, 512) { Pairs = 4 };

        // The interval's share alone: 1.2 x exp(sqrt(2) x 0.03); the change's size adds the rest of the rerun bound.
        Assert.Equal(1.2 * Math.Exp(0.03 * Math.Sqrt(2)), ratio.ImprecisionBound, 12);
        Assert.True(ratio.ImprecisionBound < ratio.RerunBound);
        // No change, no movement of its own: the two bounds are one.
        Assert.Equal(none.RerunBound, none.ImprecisionBound, 12);
        Assert.Equal(double.PositiveInfinity, new BaselineRatio(1.2, 0, 1.3, 0.99, 512).ImprecisionBound);
    }

    [Fact]
    public void RerunBound_AcceptedRunsThatReRanAboveTheOldBound_WouldHavePassed()
    {
        // Two accepted slowdowns of the sample's workflow on a 2-core runner (2026-11-28) and the lower end of their re-runs'
        // intervals, each a confirmed Regression against exp(h x sqrt(2)) alone: a budget at the bound passes them (the
        // second's accepted interval was not kept, so it is taken as narrow as can be, which gives the lowest bound).
        Assert.True(new BaselineRatio(1.279, 1.221, 1.339, 0.99, 256) { Pairs = 2 }.RerunBound > 1.387);
        Assert.True(new BaselineRatio(1.332, 1.332, 1.332, 0.99, 512) { Pairs = 4 }.RerunBound > 1.422);
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
        // 1.04 [1.025, 1.055]: a re-run may measure up to 1.04 x exp(sqrt(2) x sqrt(0.0144^2 + (2.576 x 0.15 x ln 1.04)^2))
        // = 1.04 x 1.029, below 1.04 x 1.05.
        var entry = Entry with { LatencyAllowance = 1.04, LatencyRatio = new BaselineRatio(1.04, 1.025, 1.055, 0.99, 512) { Pairs = 4 } };

        Assert.Equal(1.04 * 1.05, BuildJudge.LatencyLimit(entry, 0.05), 12);
    }

    [Fact]
    public void LatencyLimit_ImpreciseAcceptedRun_IsItsRerunBound()
    {
        // A loaded run: 1.305 [1.068, 2.042] could have measured the approved change low; a re-run may reach 2.064.
        var ratio = new BaselineRatio(1.305, 1.068, 2.042, 0.99, 256) { Pairs = 2 };
        var entry = Entry with { LatencyAllowance = 1.305, LatencyRatio = ratio };

        Assert.Equal(ratio.RerunBound, BuildJudge.LatencyLimit(entry, 0.05), 12);
        Assert.InRange(ratio.RerunBound, 2.110, 2.112);
    }

    [Fact]
    public void At_AFasterReference_HoldsTheTimeTheChangeAddedPerCall()
    {
        // The sample's workflow on a 2-core runner (2026-11-28): accepted at 1.199 [1.133, 1.269] with the reference build at
        // 559.4 us per call (a busy machine), re-run at 1.675 [1.568, 1.789] with it at 179.2 us. The 111.3 us the change
        // added is 1.621 of the faster call.
        var accepted = new BaselineRatio(1.199, 1.133, 1.269, 0.99, 256) { Pairs = 2, ReferenceNanosecondsPerOp = 559_400 };

        var then = accepted.At(179_200);

        Assert.Equal(559_400 / 179_200.0, accepted.ConditionsFactor(179_200), 12);
        Assert.InRange(then.Estimate, 1.6211, 1.6213);
        Assert.Equal(Math.Log(1.269 / 1.133), Math.Log(then.Upper / then.Lower), 12);
        var entry = Entry with { LatencyAllowance = 1.199, LatencyRatio = accepted };
        Assert.True(BuildJudge.LatencyLimit(entry, 0.05, 179_200) > 1.789);
        // Measured under the accepted run's conditions, the re-run would have been a Regression, as it was without them.
        Assert.True(BuildJudge.LatencyLimit(entry, 0.05, 559_400) < 1.568);
        Assert.Equal(BuildJudge.LatencyLimit(entry, 0.05), BuildJudge.LatencyLimit(entry, 0.05, 559_400), 12);
    }

    [Fact]
    public void At_ASlowerOrUnknownReference_KeepsTheRatio()
    {
        var accepted = new BaselineRatio(1.199, 1.133, 1.269, 0.99, 256) { Pairs = 2, ReferenceNanosecondsPerOp = 179_200 };

        // A busier run dilutes the change, but the budget does not tighten on it.
        Assert.Same(accepted, accepted.At(559_400));
        Assert.Same(accepted, accepted.At(double.NaN));
        var unknown = accepted with { ReferenceNanosecondsPerOp = null };
        Assert.Same(unknown, unknown.At(60_000));
        Assert.Equal(1, unknown.ConditionsFactor(60_000));
        // An improvement accepted as a ratio below 1 is not read as added time.
        var faster = new BaselineRatio(0.8, 0.78, 0.82, 0.99, 256) { ReferenceNanosecondsPerOp = 179_200 };
        Assert.Same(faster, faster.At(60_000));
    }
}
