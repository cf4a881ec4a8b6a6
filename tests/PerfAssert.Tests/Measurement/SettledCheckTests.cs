using PerfAssert.Measurement;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Measurement;

public sealed class SettledCheckTests
{
    private static readonly WarmupResult Settled = new(100, 10, TimeSpan.FromSeconds(1), Settled: true, 10_000, null);

    [Fact]
    public void Reason_SteadyBlocks_IsNull()
    {
        Assert.Null(SettledCheck.Reason(Settled, Settled, Pass(32, subject: _ => 10_000, jitActive: 2)));
    }

    [Fact]
    public void Reason_SubjectGettingFasterWhilePartnerIsNot_SaysTheRatioDrifted()
    {
        // The subject's code is still being promoted: 20% faster by the last quarter; the partner holds still.
        var reason = SettledCheck.Reason(Settled, Settled, Pass(32, subject: i => 12_000 - (i * 2_000 / 31.0), jitActive: 0));

        Assert.NotNull(reason);
        Assert.Contains("the ratio drifted 0.8", reason, StringComparison.Ordinal);
    }

    [Fact]
    public void Reason_ScatteredBlocksWhoseQuartersDifferByChance_IsNotDrift()
    {
        // A clear regression whose blocks scatter by +-25%: the last quarter's median reads 1.117x the first's, by chance;
        // the steps between neighbouring blocks show that scatter, so it is not taken for code still being promoted.
        var pass = new BlockPass(1);
        for (var i = 0; i < 16; i++)
        {
            var ratio = i < 12 ? (i % 2 == 0 ? 0.8 : 1.25) : (i % 2 == 0 ? 0.92 : 1.37);
            pass.Orders.Add(i % 2 == 0);
            pass.SubjectBlockNs.Add(13_000 * ratio);
            pass.PartnerBlockNs.Add(10_000);
        }

        Assert.InRange(SettledCheck.RatioDrift(pass)!.Value, 1.11, 1.12);
        Assert.Null(SettledCheck.Reason(Settled, Settled, pass));
    }

    [Fact]
    public void Reason_MachineSlowingBothSidesAlike_IsNotDrift()
    {
        var pass = new BlockPass(1);
        for (var i = 0; i < 32; i++)
        {
            pass.Orders.Add(i % 2 == 0);
            pass.SubjectBlockNs.Add(10_000 * (1 + (i / 31.0)));
            pass.PartnerBlockNs.Add(10_000 * (1 + (i / 31.0)));
        }

        Assert.Null(SettledCheck.Reason(Settled, Settled, pass));
    }

    [Fact]
    public void Reason_JitActiveInEveryBlockWithoutDrift_IsNotUnsettled()
    {
        // The first comparison of a process compiles its own code during its first blocks; the timed code did not move.
        Assert.Null(SettledCheck.Reason(Settled, Settled, Pass(16, _ => 10_000, jitActive: 16)));
    }

    [Fact]
    public void Reason_PartnerWarmupRanOut_SaysWhy()
    {
        var unsettled = Settled with { Settled = false, Unsettled = "the JIT was still compiling or promoting methods" };

        Assert.Equal(
            "timed unsettled code: the partner's warm-up did not settle (the JIT was still compiling or promoting methods)",
            SettledCheck.Reason(Settled, unsettled, Pass(16, _ => 10_000, jitActive: 0)));
    }

    [Fact]
    public void Reason_PairsWithUnsettledWorkers_CountsOnlyBeyondAQuarter()
    {
        BuildPairEvidence Pair(int i, bool settled) => new() { Pair = i, Pass = "first", First = PerfAssert.Baselines.BuildSide.Current, Ratio = 1, WarmupSettled = settled, JitCompiledDuringBlocks = 40, Blocks = [] };

        Assert.Null(SettledCheck.Reason([Pair(0, true), Pair(1, true), Pair(2, true), Pair(3, false)]));
        Assert.Equal("timed unsettled code: of the 4 pairs, 2 had a worker whose warm-up did not settle", SettledCheck.Reason([Pair(0, true), Pair(1, false), Pair(2, true), Pair(3, false)]));
    }

    [Fact]
    public void Apply_UnsettledRegression_IsInconclusiveButAllocationsAreUntouched()
    {
        var regression = new Verdict { Subject = "s", Metric = "mean latency ratio", Unit = "x", Measured = new Interval(1.3, 1.2, 1.4, 0.99, 16), Limit = 1.1, Outcome = VerdictOutcome.Regression, Evidence = "16 blocks", Confirmed = true };
        var allocation = regression with { Unit = "B/op", Metric = "allocated bytes per op" };

        var judged = SettledCheck.Apply(regression, "timed unsettled code: x");

        Assert.Equal(VerdictOutcome.Inconclusive, judged.Outcome);
        Assert.False(judged.Confirmed);
        Assert.Equal("timed unsettled code: x", judged.Reason);
        Assert.Same(allocation, SettledCheck.Apply(allocation, "timed unsettled code: x"));
    }

    private static BlockPass Pass(int blocks, Func<int, double> subject, int jitActive)
    {
        var pass = new BlockPass(1) { JitActiveBlocks = jitActive };
        for (var i = 0; i < blocks; i++)
        {
            pass.Orders.Add(i % 2 == 0);
            pass.SubjectBlockNs.Add(subject(i));
            pass.PartnerBlockNs.Add(10_000);
        }

        return pass;
    }
}
