namespace PerfAssert.LoadWorker;

/// <summary>How <see cref="LoadWorkerProcess"/> runs the worker.</summary>
public sealed record LoadWorkerOptions
{
    /// <summary>
    /// The longest the worker may run before it is killed with its process tree.
    /// <value>The default is <see langword="null"/>: the plan's own <see cref="LoadPlan.Bound"/> plus a minute for start-up.</value>
    /// </summary>
    public TimeSpan? Timeout { get; init; }

    /// <summary>
    /// How many processors the worker's runtime is told it has (<c>DOTNET_PROCESSOR_COUNT</c>): it sizes its thread pool, GC
    /// heaps and socket engines by it. A load generator that leaves the service the rest of the machine, as wrk with
    /// <c>-t2</c> does, costs less CPU per request: on 2 cores (niced, the machine busy), one processor cut the worker's CPU per GET
    /// from 21-23 us to 15-17. <value>The default is half the machine's processors, at least 1.</value>
    /// </summary>
    public int ProcessorCount { get; init; } = Math.Max(1, Environment.ProcessorCount / 2);

    /// <summary>Called with the worker's process id once it has started (a test kills it through this). <value>The default is none.</value></summary>
    public Action<int>? Started { get; init; }
}
