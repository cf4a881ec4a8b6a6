using PerfAssert.Environments;
using PerfAssert.Tests.Support;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Engine;

public sealed class AbsoluteLatencyTests
{
    [Fact]
    public async Task RunAsync_OverAbsoluteBudgetOnThisMachineClass_IsRegression()
    {
        var result = await Run(subjectNs: 30_000, budget: TimeSpan.FromMicroseconds(20), EnvironmentInfo.Current.MachineClass);
        var verdict = result.Verdicts[0];
        Assert.Equal(VerdictOutcome.Regression, verdict.Outcome);
        Assert.False(verdict.Advisory);
        Assert.InRange(verdict.Measured.Estimate, 28, 32);
        Assert.Contains("us", verdict.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_OverAbsoluteBudgetSetForAnotherMachineClass_IsAdvisoryAndDoesNotFail()
    {
        var result = await Run(subjectNs: 30_000, budget: TimeSpan.FromMicroseconds(20), machineClass: "windows-arm64-64c-net9");
        var verdict = result.Verdicts[0];
        Assert.Equal(VerdictOutcome.Regression, verdict.Outcome);
        Assert.True(verdict.Advisory);
        Assert.False(result.Failed);
        Assert.Contains("advisory", verdict.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_UnderAbsoluteBudget_Passes()
    {
        var result = await Run(subjectNs: 19_000, budget: TimeSpan.FromMicroseconds(20), EnvironmentInfo.Current.MachineClass);
        Assert.Equal(VerdictOutcome.Pass, result.Verdicts[0].Outcome);
    }

    private static Task<PerfResult> Run(double subjectNs, TimeSpan budget, string? machineClass)
    {
        var clock = new ManualClock();
        var synthetic = new SyntheticOperation(clock, seed: 9);
        return Perf.Measure(synthetic.Create("subject", subjectNs))
            .LatencyAtMost(budget, machineClass: machineClass)
            .WithOptions(SyntheticOptions.For(clock, synthetic))
            .RunAsync(TestContext.Current.CancellationToken);
    }
}
