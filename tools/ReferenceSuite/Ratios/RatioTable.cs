using PerfAssert.Statistics;

namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>Every interleaved group of one run: each case's mean with its interval, and any two cases of one group's ratio.</summary>
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

    /// <summary>The groups, in the order they were defined.</summary>
    public IReadOnlyList<RatioGroupResult> Groups { get; }

    /// <summary>How the groups were measured.</summary>
    public RatioSettings Settings { get; }

    /// <summary>Every case of every group.</summary>
    public IEnumerable<string> Cases => Groups.SelectMany(g => g.Blocks.Cases);

    /// <summary>
    /// <paramref name="numerator"/>'s mean time per call over <paramref name="denominator"/>'s, from the blocks of the group
    /// that timed both, or null when no group did.
    /// </summary>
    public Interval? Ratio(string numerator, string denominator) =>
        Group(numerator, denominator) is { } group ? group.Blocks.Ratio(numerator, denominator, Settings.ConfidenceLevel) : null;

    /// <summary>A case's mean time per call in microseconds, with its interval over the rounds, or null when no group timed it.</summary>
    public Interval? Mean(string name) =>
        Group(name, name) is { } group ? group.Blocks.Mean(name, Settings.ConfidenceLevel).Map(ns => ns / 1000) : null;

    /// <summary>The group that timed both cases, or null.</summary>
    public RatioGroupResult? Group(string first, string second) =>
        Groups.FirstOrDefault(g => g.Blocks.Contains(first) && g.Blocks.Contains(second));
}
