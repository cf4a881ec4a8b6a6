namespace PerfAssert.LoadWorker;

/// <summary>How <see cref="LoadWorkerProcess"/> runs the worker.</summary>
public sealed record LoadWorkerOptions
{
    /// <summary>
    /// The longest the worker may run before it is killed with its process tree.
    /// <value>The default is <see langword="null"/>: the plan's own <see cref="LoadPlan.Bound"/> plus a minute for start-up.</value>
    /// </summary>
    public TimeSpan? Timeout { get; init; }

    /// <summary>Called with the worker's process id once it has started (a test kills it through this). <value>The default is none.</value></summary>
    public Action<int>? Started { get; init; }
}
