namespace PerfAssert.History;

/// <summary>Which runs a report or export reads: the newest <see cref="LastRuns"/> that match every filter given.</summary>
internal sealed record HistoryQuery
{
    public string? Repository { get; init; }

    /// <summary>The branch; change points are meant for main's history, where every run is a merged commit.</summary>
    public string? Branch { get; init; }

    public string? MachineClass { get; init; }

    /// <summary>Only operations whose test or name contains this text (ordinal, ignoring case).</summary>
    public string? Operation { get; init; }

    /// <summary>How many runs at most, the newest; the default is 1,000.</summary>
    public int LastRuns { get; init; } = 1000;
}
