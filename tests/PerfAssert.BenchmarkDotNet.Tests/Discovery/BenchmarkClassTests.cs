using BenchmarkDotNet.Attributes;

namespace PerfAssert.BenchmarkDotNet.Tests.Discovery;

public sealed class BenchmarkClassTests
{
    [Fact]
    public void Of_ParamsSourcesAndArguments_OneCasePerCombinationWithReadableIds()
    {
        var benchmarks = BenchmarkClass.Of<CasesBenchmarks>();

        Assert.Equal(
            [
                "Old(Size: 10, Mode: Fast, Name: \"a\")", "Old(Size: 10, Mode: Safe, Name: \"a\")",
                "Old(Size: 100, Mode: Fast, Name: \"a\")", "Old(Size: 100, Mode: Safe, Name: \"a\")",
                "New(Size: 10, Mode: Fast, Name: \"a\", factor: 3)", "New(Size: 10, Mode: Safe, Name: \"a\", factor: 3)",
                "New(Size: 100, Mode: Fast, Name: \"a\", factor: 3)", "New(Size: 100, Mode: Safe, Name: \"a\", factor: 3)",
            ],
            benchmarks.CaseIds);
    }

    [Fact]
    public void Of_ArgumentsSource_OneCasePerItem()
    {
        var benchmarks = BenchmarkClass.Of<SourcedArguments>();

        Assert.Equal(["Repeat(count: 1, text: \"one\")", "Repeat(count: 2, text: \"two\")", "Square(value: 7)"], benchmarks.CaseIds);
    }

    [Fact]
    public void Of_BaselineMethod_PairsEachCaseWithTheBaselineOfTheSameParameters()
    {
        var benchmarks = BenchmarkClass.Of<CasesBenchmarks>();

        var item = benchmarks.Case("New(Size: 100, Mode: Safe, Name: \"a\", factor: 3)");

        Assert.Equal("Old(Size: 100, Mode: Safe, Name: \"a\")", item.Baseline?.Id);
        Assert.Null(benchmarks.Case("Old(Size: 10, Mode: Fast, Name: \"a\")").Baseline);
    }

    [Theory]
    [InlineData(typeof(NoBenchmarks), "NoBenchmarks has no [Benchmark] methods")]
    [InlineData(typeof(TwoBaselines), "TwoBaselines has 2 baseline methods (First, Second)")]
    [InlineData(typeof(ThrowingParamsSource), "ThrowingParamsSource.Sizes: the source of Size threw InvalidOperationException: catalog unavailable")]
    [InlineData(typeof(WithIterationSetup), "WithIterationSetup.Reset: [IterationSetup]/[IterationCleanup] is not supported")]
    [InlineData(typeof(WithOperationsPerInvoke), "WithOperationsPerInvoke.Work sets OperationsPerInvoke = 16")]
    [InlineData(typeof(Generic<>), "is generic")]
    public void Of_ClassTheBridgeCannotRun_ThrowsNamingClassAndMember(Type type, string expected)
    {
        var error = Assert.Throws<BenchmarkBridgeException>(() => BenchmarkClass.Of(type));

        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
        Assert.Contains(type.Namespace!, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Of_AllocationBudgetWithoutMemoryDiagnoser_ThrowsNamingTheAttribute()
    {
        var error = Assert.Throws<BenchmarkBridgeException>(() => BenchmarkClass.Of<NoMemoryDiagnoser>(new BenchmarkBudgets { AllocationsAtMostBaseline = true }));

        Assert.Contains("NoMemoryDiagnoser.Old: an allocation budget needs [MemoryDiagnoser]", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Case_UnknownId_ThrowsListingTheIds()
    {
        var error = Assert.Throws<BenchmarkBridgeException>(() => BenchmarkClass.Of<TwoBaselinesFixed>().Case("Missing"));

        Assert.Contains("has no benchmark case 'Missing'; its cases are: First, Second", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_SetupAndCleanup_RunOncePerInstanceAroundTheMeasurement()
    {
        CasesBenchmarks.Calls.Clear();
        var options = new PerfOptions { MaxWarmupTime = TimeSpan.FromMilliseconds(20), MinBlocks = 4, MaxBlocks = 4, MaxTimePerPass = TimeSpan.FromMilliseconds(200), TargetSampleTime = TimeSpan.FromMilliseconds(1), JitQuietTime = TimeSpan.Zero };
        var item = BenchmarkClass.Of<CasesBenchmarks>(new BenchmarkBudgets { Options = options }).Case("New(Size: 10, Mode: Safe, Name: \"a\", factor: 3)");

        var result = await item.RunAsync(cancellationToken: TestContext.Current.CancellationToken);

        Assert.Equal(["setup 10 Safe", "setup 10 Safe", "cleanup", "cleanup"], CasesBenchmarks.Calls);
        Assert.Equal("CasesBenchmarks.New(Size: 10, Mode: Safe, Name: \"a\", factor: 3)", result.Name);
        Assert.Equal("Old(Size: 10, Mode: Safe, Name: \"a\")", result.Partner?.Name);
    }

    public class TwoBaselinesFixed
    {
        [Benchmark]
        public int First() => 1;

        [Benchmark]
        public int Second() => 2;
    }
}
