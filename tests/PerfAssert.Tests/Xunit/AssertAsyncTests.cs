using PerfAssert.Tests.Support;
using PerfAssert.Xunit;

namespace PerfAssert.Tests.Xunit;

/// <summary>The adapter inside real xUnit tests: failures, warnings and attachments land in the test's context.</summary>
[Collection(RealClockCollection.Name)]
public sealed class AssertAsyncTests
{
    private static object? _sink;

    [Fact]
    public async Task AssertAsync_BudgetFails_ThrowsAssertionWithTheVerdictMessage()
    {
        var error = await Assert.ThrowsAsync<PerfBudgetException>(() =>
            Perf.Measure("allocating", () => { _sink = new byte[100]; }).AllocatedBytesAtMost(64).AssertAsync());

        Assert.Contains("allocating allocated = 128 B/op > budget 65.00 B/op = 64.00 + tolerance 1", error.Message, StringComparison.Ordinal);
        Assert.IsAssignableFrom<global::Xunit.Sdk.IAssertionException>(error);
    }

    [Fact]
    public async Task AssertAsync_Passes_AttachesTheResultAsJson()
    {
        var result = await Perf.Measure("quiet", () => { _sink = null; }).AllocatedBytesAtMost(0).AssertAsync();

        var attachment = Assert.Single(TestContext.Current.Attachments!);
        Assert.Equal("perfassert-quiet", attachment.Key);
        Assert.Contains("\"bytesPerOp\": 0", attachment.Value.AsString(), StringComparison.Ordinal);
        // The result names the test that produced it, so its results file is this test's own (ResultFiles.FileName).
        Assert.Equal(TestContext.Current.Test!.TestDisplayName, result.Test);
        Assert.Contains($"\"test\": \"{result.Test}\"", attachment.Value.AsString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task AssertAsync_Inconclusive_WarnsWithoutFailing()
    {
        var clock = new ManualClock();
        var synthetic = new SyntheticOperation(clock, seed: 5, jitter: 0.3, drift: 0.1);
        var result = await Perf.Measure(synthetic.Create("close", 10_120))
            .ComparedTo(synthetic.Create("partner", 10_000))
            .MeanAtMost(1.0)
            .WithOptions(SyntheticOptions.For(clock, synthetic, maxBlocks: 16, seed: 5))
            .AssertAsync();

        Assert.Equal(PerfAssert.Verdicts.VerdictOutcome.Inconclusive, result.Outcome);
        Assert.Contains(TestContext.Current.Warnings!, w => w.Contains("Inconclusive", StringComparison.Ordinal));
    }

    [Fact]
    public async Task AssertAsync_InconclusiveInStrictMode_Fails()
    {
        var clock = new ManualClock();
        var synthetic = new SyntheticOperation(clock, seed: 5, jitter: 0.3, drift: 0.1);
        await Assert.ThrowsAsync<PerfBudgetException>(() => Perf.Measure(synthetic.Create("close", 10_120))
            .ComparedTo(synthetic.Create("partner", 10_000))
            .MeanAtMost(1.0)
            .WithOptions(SyntheticOptions.For(clock, synthetic, maxBlocks: 16, seed: 5) with { Strict = true })
            .AssertAsync());
    }
}
