using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Statistics;

namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>
/// The times the report prints, from the side-by-side phase: a case's mean at its machine class's usual speed when the
/// suite knows that speed (<see cref="ReferenceSpeeds"/>), else as measured. The yardstick runs in every group, so a case's
/// mean at the usual speed is the yardstick's usual time times the case's ratio to the yardstick in its own group: the
/// quotient of two means timed in the same blocks, with that ratio's interval. Ratios between cases of a group are
/// untouched: both means are divided by the same yardstick.
/// </summary>
public sealed class ReportedTimes
{
    /// <summary>Times from <paramref name="table"/> on <paramref name="machineClass"/>, with the yardstick's usual time there when known.</summary>
    public ReportedTimes(RatioTable table, string machineClass, (double YardstickUs, string Source)? reference)
    {
        ArgumentNullException.ThrowIfNull(table);
        Table = table;
        var measured = table.Mean(Yardstick.Name) ?? throw new ArgumentException("The side-by-side phase did not time the yardstick.", nameof(table));
        Speed = new MachineSpeed(machineClass, measured, reference?.YardstickUs, reference?.Source);
    }

    /// <summary>The phase's measurements.</summary>
    public RatioTable Table { get; }

    /// <summary>How fast the machine ran, and whether the times are brought to its class's usual speed.</summary>
    public MachineSpeed Speed { get; }

    /// <summary>A case's mean in microseconds with its interval, as the report prints it; null when the phase did not time it.</summary>
    public Interval? Mean(string name) =>
        Speed.ReferenceUs is { } reference && name != Yardstick.Name && Table.Ratio(name, Yardstick.Name) is { } ratio
            ? ratio.Map(r => r * reference)
            : Table.Mean(name);

    /// <summary>What the case's own times (its percentiles) are multiplied by to print them: 1 unless they are brought to the usual speed.</summary>
    public double Scale(string name) =>
        Speed.ReferenceUs is { } reference && Table.Group(name, Yardstick.Name) is { } group
            ? reference * 1000 / group.Blocks.MeanNanoseconds(Yardstick.Name)
            : 1;
}
