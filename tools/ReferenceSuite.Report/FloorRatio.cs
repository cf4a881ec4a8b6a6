namespace PerfAssert.ReferenceSuite.Report;

/// <summary>A stack's latency against the physical floor (a raw TCP ping-pong on loopback) measured in the same run.</summary>
/// <param name="Case">What was compared, for example <c>SmallWcfText-0</c>.</param>
/// <param name="LatencyUs">The stack's latency in microseconds.</param>
/// <param name="FloorUs">The floor target's latency in microseconds, same statistic.</param>
public sealed record FloorRatio(string Case, double LatencyUs, double FloorUs)
{
    /// <summary>The interval of <see cref="Ratio"/> when the stack and the floor were timed in the same blocks, else null.</summary>
    public Statistics.Interval? RatioInterval { get; init; }

    /// <summary>How many floors the stack costs: <see cref="LatencyUs"/> / <see cref="FloorUs"/> (NaN without a floor).</summary>
    public double Ratio => FloorUs > 0 ? LatencyUs / FloorUs : double.NaN;
}
