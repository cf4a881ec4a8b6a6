using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// One endpoint loaded by PerfAssert's driver and then by wrk, with the CPU time the service's own process spent per request
/// in each of the two runs (microseconds; <see langword="null"/> when it was not measured).
/// </summary>
public sealed record DriverRun(ThroughputMeasurement Ours, WrkMeasurement? Wrk, double? ServiceCpuOursUs = null, double? ServiceCpuWrkUs = null)
{
    /// <summary>
    /// The ratio of the two rates the CPU figures predict when service and generator keep every core busy: requests/s is then
    /// the cores over the CPU one request costs both processes, so ours / wrk is wrk's run's total over ours'.
    /// <see langword="null"/> unless all four figures are known.
    /// </summary>
    public double? CpuBoundRatio =>
        Ours.GeneratorCpuPerRequestUs is { } ours && Wrk?.CpuPerRequestUs is { } wrk && ServiceCpuOursUs is { } serviceOurs && ServiceCpuWrkUs is { } serviceWrk
            ? (serviceWrk + wrk) / (serviceOurs + ours)
            : null;
}
