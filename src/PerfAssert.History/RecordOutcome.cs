namespace PerfAssert.History;

/// <summary>What recording a run did.</summary>
/// <param name="RunKey">The run's key in the store.</param>
/// <param name="Added">Results newly stored.</param>
/// <param name="AlreadyRecorded">Results the store held already (the same result file recorded before), left as they were.</param>
/// <param name="Annotations">Accepted changes newly noted at the run's commit (baseline entries changed by it).</param>
public sealed record RecordOutcome(string RunKey, int Added, int AlreadyRecorded, int Annotations);
