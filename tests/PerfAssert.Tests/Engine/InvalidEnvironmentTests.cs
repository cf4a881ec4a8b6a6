using System.Diagnostics;
using System.Reflection;
using System.Reflection.Emit;
using PerfAssert.Environments;
using PerfAssert.Tests.Support;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Engine;

public sealed class InvalidEnvironmentTests
{
    [Fact]
    public void Inspect_DebugBuildAssembly_GivesAReasonNamingIt()
    {
        var reasons = EnvironmentCheck.Inspect([DebugAssembly()], debuggerAttached: false);
        var reason = Assert.Single(reasons);
        Assert.Contains("PerfAssert.Tests.DebugBuild", reason, StringComparison.Ordinal);
        Assert.Contains("-c Release", reason, StringComparison.Ordinal);
    }

    [Fact]
    public void Inspect_AttachedDebugger_GivesAReason()
    {
        Assert.Contains(EnvironmentCheck.Inspect([], debuggerAttached: true), r => r.Contains("debugger", StringComparison.Ordinal));
    }

    [Fact]
    public void Inspect_ReleaseBuilds_GiveNoReason()
    {
        Assert.Empty(EnvironmentCheck.Inspect([typeof(Perf).Assembly, typeof(InvalidEnvironmentTests).Assembly], debuggerAttached: false));
    }

    [Fact]
    public async Task RunAsync_CodeUnderTestIsDebugBuild_EveryVerdictIsInvalidAndFails()
    {
        var clock = new ManualClock();
        var synthetic = new SyntheticOperation(clock, seed: 2);
        var result = await Perf.Measure(synthetic.Create("subject", 10_000))
            .ComparedTo(synthetic.Create("partner", 10_000))
            .MeanAtMost(1.1)
            .CodeUnderTest(DebugAssembly())
            .WithOptions(SyntheticOptions.For(clock, synthetic))
            .RunAsync(TestContext.Current.CancellationToken);

        var verdict = Assert.Single(result.Verdicts);
        Assert.Equal(VerdictOutcome.Invalid, verdict.Outcome);
        Assert.True(result.Failed);
        Assert.Contains("Debug build", verdict.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_WildlyUnstableCalibration_IsInvalid()
    {
        var clock = new ManualClock();
        var synthetic = new SyntheticOperation(clock, seed: 4);
        var calls = 0;
        // A machine whose speed swings 4x every few hundred calls: no verdict from it means anything.
        var unstable = PerfAssert.Measurement.Operation.Sync("calibration", () => clock.Advance((calls++ / 300 % 2 == 0) ? 10_000 : 40_000));
        var result = await Perf.Measure(synthetic.Create("subject", 10_000))
            .ComparedTo(synthetic.Create("partner", 10_000))
            .MeanAtMost(1.1)
            .WithOptions(SyntheticOptions.For(clock, synthetic) with { Calibration = unstable })
            .RunAsync(TestContext.Current.CancellationToken);

        Assert.Equal(VerdictOutcome.Invalid, result.Verdicts[0].Outcome);
        Assert.Contains("too unstable", result.Verdicts[0].Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_ClockThatNeverAdvances_VoidsTimingsButNotAllocations()
    {
        var clock = new ManualClock();
        var result = await Perf.Measure("subject", () => { })
            .ComparedTo("partner", () => { })
            .MeanAtMost(1.1)
            .AllocatedBytesAtMost(0)
            .WithOptions(new PerfOptions { Clock = clock, Calibration = PerfAssert.Measurement.Operation.Sync("still", () => { }) })
            .RunAsync(TestContext.Current.CancellationToken);

        Assert.Equal(VerdictOutcome.Invalid, result.Verdicts[0].Outcome);
        Assert.Contains("not advancing", result.Verdicts[0].Message, StringComparison.Ordinal);
        Assert.Equal(VerdictOutcome.Pass, result.Verdicts[1].Outcome);
    }

    private static Assembly DebugAssembly()
    {
        var assembly = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName("PerfAssert.Tests.DebugBuild"), AssemblyBuilderAccess.Run);
        var constructor = typeof(DebuggableAttribute).GetConstructor([typeof(DebuggableAttribute.DebuggingModes)])!;
        assembly.SetCustomAttribute(new CustomAttributeBuilder(constructor, [DebuggableAttribute.DebuggingModes.DisableOptimizations | DebuggableAttribute.DebuggingModes.Default]));
        return assembly;
    }
}
