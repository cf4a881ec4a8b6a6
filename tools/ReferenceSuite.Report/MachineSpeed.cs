using PerfAssert.Statistics;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// How fast the machine ran during a run, read from the yardstick (an in-memory serializer round trip timed in every group
/// of the side-by-side phase): every case's time moves with it, so a run on a machine that is slower than usual (a busy
/// host under a virtual machine) is brought back to its class's usual speed by the yardstick's ratio.
/// </summary>
/// <param name="MachineClass">The machine class the run was on.</param>
/// <param name="MeasuredUs">The yardstick's mean time per call in this run, in microseconds, with its interval over the rounds.</param>
/// <param name="ReferenceUs">The yardstick's usual mean on this machine class, or null when the suite has none for it.</param>
/// <param name="ReferenceSource">Where <paramref name="ReferenceUs"/> comes from, in words, or null.</param>
public sealed record MachineSpeed(string MachineClass, Interval MeasuredUs, double? ReferenceUs, string? ReferenceSource)
{
    /// <summary>How much slower than usual the machine ran: the measured yardstick over its usual time (1 without one).</summary>
    public double Slowdown => ReferenceUs is { } reference and > 0 ? MeasuredUs.Estimate / reference : 1;

    /// <summary>Whether the run's times are given at the class's usual speed.</summary>
    public bool Normalized => ReferenceUs is > 0;
}
