namespace PerfAssert.Baselines;

/// <summary>One committed baseline file: a schema version and entries by test id, sorted.</summary>
public sealed record BaselineFile
{
    /// <summary>The schema version this code reads and writes.</summary>
    public const int CurrentSchemaVersion = 1;

    /// <summary>The schema version of the file.</summary>
    public int SchemaVersion { get; init; } = CurrentSchemaVersion;

    /// <summary>Entries by test id, sorted ordinally so diffs stay small.</summary>
    public SortedDictionary<string, BaselineEntry> Entries { get; init; } = new(StringComparer.Ordinal);
}
