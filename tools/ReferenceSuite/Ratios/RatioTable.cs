using PerfAssert.Statistics;

namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>Every interleaved group of one run; any two cases of one group have a ratio with an interval.</summary>
public sealed class RatioTable
{
    /// <summary>Creates a table.</summary>
    public RatioTable(IReadOnlyList<RatioGroupResult> groups, RatioSettings settings)
    {
        ArgumentNullException.ThrowIfNull(groups);
        ArgumentNullException.ThrowIfNull(settings);
        Groups = groups;
        Settings = settings;
    }

    /// <summary>The groups, in the order they were measured.</summary>
    public IReadOnlyList<RatioGroupResult> Groups { get; }

    /// <summary>The precision the groups were measured to.</summary>
    public RatioSettings Settings { get; }

    /// <summary>
    /// <paramref name="numerator"/>'s time per call over <paramref name="denominator"/>'s, from the blocks of the group that
    /// timed both, or null when no group did.
    /// </summary>
    public Interval? Ratio(string numerator, string denominator) =>
        Group(numerator, denominator) is { } group ? group.Blocks.Ratio(numerator, denominator, Settings.ConfidenceLevel) : null;

    /// <summary>The median time per call of a case over its group's blocks, in microseconds, or null when no group timed it.</summary>
    public double? MedianMicroseconds(string name) =>
        Group(name, name) is { } group ? group.Blocks.MedianNanoseconds(name) / 1000 : null;

    private RatioGroupResult? Group(string first, string second) =>
        Groups.FirstOrDefault(g => g.Blocks.Contains(first) && g.Blocks.Contains(second));
}
