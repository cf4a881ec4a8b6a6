namespace PerfAssert.BenchmarkDotNet.Tests.Discovery;

public sealed class InvokerTests
{
    [Theory]
    [InlineData("Completed", false)]
    [InlineData("FromResult", false)]
    [InlineData("CompletedValueTask", false)]
    [InlineData("Number", false)]
    [InlineData("Sync", true)]
    public async Task CreateInstanceAsync_ReturnType_AsyncOperationForTasksAndValueTasks(string id, bool synchronous)
    {
        await using var instance = await BenchmarkClass.Of<AsyncBenchmarks>().Case(id).CreateInstanceAsync();

        Assert.Equal(synchronous, instance.Operation.IsSynchronous);
        Assert.Equal(id, instance.Operation.Name);
    }

    [Fact]
    public async Task RunAsync_ValueTaskOfInt_BridgeAddsNoAllocation()
    {
        var options = new PerfOptions { MaxWarmupTime = TimeSpan.FromMilliseconds(50), MinBlocks = 4, MaxBlocks = 4, MaxTimePerPass = TimeSpan.FromMilliseconds(200), AllocationRepeatTime = TimeSpan.FromMilliseconds(20) };
        await using var instance = await BenchmarkClass.Of<AsyncBenchmarks>().Case("Number").CreateInstanceAsync();

        var result = await Perf.Measure(instance.Operation).WithOptions(options).AllocatedBytesAtMost(0).RunAsync(TestContext.Current.CancellationToken);

        Assert.Equal(0, result.Subject.Allocations!.BytesPerOp);
        Assert.False(result.Failed, result.Summary);
    }
}
