using PerfAssert.Statistics;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>One published figure beside today's measurement, each as a ratio to its own run's reference stack.</summary>
/// <param name="Case">Our case name (<c>SmallAspNetCoreJsonNet-100</c>), or the published method and items when no stand-in re-creates it.</param>
/// <param name="PublishedMicroseconds">The published mean.</param>
/// <param name="PublishedRatio">The published mean over the published reference stack's, same size and items.</param>
/// <param name="MeasuredMicroseconds">Today's mean, or <see langword="null"/> when this run did not measure the case.</param>
/// <param name="MeasuredRatio">Today's mean over today's reference stack's, same size and items.</param>
/// <param name="Remark">Same order, reversed, closed or opened (within or beyond 10% of parity), or why not comparable.</param>
public sealed record PublishedRow(string Case, double PublishedMicroseconds, double PublishedRatio, double? MeasuredMicroseconds, double? MeasuredRatio, string Remark)
{
    /// <summary>The interval of <see cref="MeasuredRatio"/> when it was measured side by side, else null.</summary>
    public Interval? MeasuredInterval { get; init; }
}
