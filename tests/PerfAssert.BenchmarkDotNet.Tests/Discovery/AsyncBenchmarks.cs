using BenchmarkDotNet.Attributes;

namespace PerfAssert.BenchmarkDotNet.Tests.Discovery;

public class AsyncBenchmarks
{
    [Benchmark]
    public Task Completed() => Task.CompletedTask;

    [Benchmark]
    public Task<int> FromResult() => Task.FromResult(1);

    [Benchmark]
    public ValueTask CompletedValueTask() => ValueTask.CompletedTask;

    [Benchmark]
    public ValueTask<int> Number() => new(5);

    [Benchmark]
    public int Sync() => 5;
}
