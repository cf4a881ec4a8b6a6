namespace OrdersService.Faults;

/// <summary>
/// The <c>Faults</c> configuration section: deliberate regressions, off by default, that the performance tests switch on
/// to prove their budgets catch one. Never set in a deployed configuration.
/// </summary>
public sealed class FaultOptions
{
    /// <summary>Bytes the v2 endpoints allocate and drop on every request, as an accidental copy would. The default is 0.</summary>
    public int ExtraBytesPerRequest { get; set; }

    /// <summary>Microseconds of CPU work the v2 endpoints add to every request, as a slower code path would. The default is 0.</summary>
    public int ExtraCpuMicrosecondsPerRequest { get; set; }

    /// <summary>
    /// Microseconds the v2 endpoints hold one process-wide lock on every request, as a cache behind a single lock would:
    /// harmless one call at a time, a queue under concurrency. The default is 0.
    /// </summary>
    public int LockMicrosecondsPerRequest { get; set; }
}
