using System.Globalization;
using PerfAssert.ReferenceSuite.Ratios;
using PerfAssert.ReferenceSuite.Report;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// Each stack's empty round trip (Small-0) against the physical floor, a raw TCP ping-pong on loopback, timed in the same
/// blocks (the side-by-side phase's 0-item group): the floor ratio is the quotient of the two means with its interval. A
/// stack whose whole interval lies below the floor measured an impossible figure, and fails the main job with the evidence.
/// </summary>
internal static class FloorPart
{
    /// <summary>The floor ratios of the 0-item Small cases, and what is wrong when a stack measured below the floor.</summary>
    public static (List<FloorRatio> Ratios, string? Problem) FromTable(ReportedTimes times, IEnumerable<string> smallEmptyCases)
    {
        var table = times.Table;
        var ratios = new List<FloorRatio>();
        var below = new List<string>();
        foreach (var name in smallEmptyCases)
        {
            if (table.Ratio(name, OpenCases.Floor) is not { } ratio || times.Mean(name) is not { } stack || times.Mean(OpenCases.Floor) is not { } floor)
            {
                continue;
            }

            ratios.Add(new FloorRatio(name, stack.Estimate, floor.Estimate) { RatioInterval = ratio });
            if (ratio.Upper < 1)
            {
                below.Add(string.Create(CultureInfo.InvariantCulture, $"{name} {RatioSection.Format(ratio)}"));
            }
        }

        return (ratios, below.Count == 0 ? null : "measured below the loopback TCP floor, which no stack can be: " + string.Join("; ", below));
    }
}
