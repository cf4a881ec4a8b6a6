namespace PerfAssert.Load;

/// <summary>How <see cref="LoadWorkerProcess"/> runs the worker.</summary>
public sealed record LoadWorkerOptions
{
    /// <summary>
    /// The longest the worker may run before it is killed with its process tree; for a load test's worker, the longest its
    /// start-up (every target reached once and warmed up) may take, each block being bounded by its own length.
    /// <value>The default is <see langword="null"/>: the plan's own <see cref="LoadPlan.Bound"/> plus a minute for start-up
    /// (a load test: a minute plus each plan's request timeout and warm-up deadline).</value>
    /// </summary>
    public TimeSpan? Timeout { get; init; }

    /// <summary>
    /// How many processors the worker's runtime is told it has (<c>DOTNET_PROCESSOR_COUNT</c>): it sizes its thread pool, GC
    /// heaps and socket engines by it, and the lean client runs one event loop per processor (on Linux; elsewhere, and over
    /// h2c, socket completions run inline on each socket engine's thread), as each of wrk's threads runs its own. With one
    /// processor on 2 cores a single thread polled all 100 connections, its requests reached the service one by one, and the
    /// service woke up far more often: for GET time (minimal APIs) 53-58k requests/s with the service at 19 us of CPU per
    /// request and 56-65k context switches a second, against 76k requests/s, 15 us and 21-27k with two (wrk -t2: 75-83k
    /// requests/s, 14.6 us; measured before the client polled its own sockets). <value>The default is the machine's processors.</value>
    /// </summary>
    public int ProcessorCount { get; init; } = Environment.ProcessorCount;

    /// <summary>Called with the worker's process id once it has started (a test kills it through this). <value>The default is none.</value></summary>
    public Action<int>? Started { get; init; }
}
