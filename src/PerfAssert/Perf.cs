using PerfAssert.Measurement;

namespace PerfAssert;

/// <summary>The entry point: <c>await Perf.Measure("name", op).ComparedTo("other", other).MeanAtMost(1.10).RunAsync();</c></summary>
public static class Perf
{
    /// <summary>Starts a performance test of a synchronous operation.</summary>
    public static PerfTestBuilder Measure(string name, Action operation) => new(Operation.Sync(name, operation));

    /// <summary>Starts a performance test of an asynchronous operation.</summary>
    public static PerfTestBuilder Measure(string name, Func<CancellationToken, Task> operation) => new(Operation.Async(name, operation));

    /// <summary>Starts a performance test of an operation.</summary>
    public static PerfTestBuilder Measure(Operation operation) => new(operation);
}
