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

    /// <summary>
    /// Warms <paramref name="operations"/> up together, once per process, before any of them is measured: round after round,
    /// until each has run enough calls to be promoted in rounds during which the runtime's promotion queue held no more than
    /// a trickle and its call-counting delay was over, or <paramref name="maxTime"/> runs out (the reference suite's sixty
    /// services with dynamic PGO on took about 25 s on 2 cores). The code they share (host, framework, serializer)
    /// is then at its last tier when the first of them is measured, instead of being promoted while it is timed. PerfAssert's
    /// own measuring code is shared too: a short measurement of an empty operation follows, so the first real one does not
    /// wait while the engine's code is compiled and promoted.
    /// </summary>
    /// <param name="operations">The operations a test class or run will measure.</param>
    /// <param name="maxTime">The most time to spend; a fresh ASP.NET Core process under the runtime's defaults takes seconds.</param>
    /// <param name="cancellationToken">Cancels the warm-up.</param>
    public static async Task<SharedWarmupResult> WarmUpAsync(IReadOnlyList<Operation> operations, TimeSpan maxTime, CancellationToken cancellationToken = default)
    {
        var result = await SharedWarmup.RunAsync(operations, maxTime, new PerfOptions(), cancellationToken).ConfigureAwait(false);
        await Measure("PerfAssert's own code", static () => { }).WithAllocations().WithPercentiles(200)
            .WithOptions(o => o with { MaxWarmupTime = TimeSpan.FromSeconds(0.5), PercentileTime = TimeSpan.FromMilliseconds(50), AllocationRepeatTime = TimeSpan.FromMilliseconds(20), AllocationSettleTime = TimeSpan.FromMilliseconds(200) })
            .RunAsync(cancellationToken).ConfigureAwait(false);
        return result;
    }
}
