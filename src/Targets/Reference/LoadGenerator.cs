namespace PerfAssert.Targets.Reference;

/// <summary>Where a throughput run's load generator ran, as results and the report label it.</summary>
public enum LoadGenerator
{
    /// <summary>In the test process, beside the targets: the only way to reach an in-memory host (TestServer), and the generic driver for any call.</summary>
    InProcess,

    /// <summary>In a worker process of its own (<c>PerfAssert.Load</c>), sharing neither thread pool nor GC with the targets.</summary>
    WorkerProcess,
}
