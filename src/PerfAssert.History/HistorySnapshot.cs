namespace PerfAssert.History;

/// <summary>The runs a query selected, oldest first, with their results and the notes on their commits.</summary>
internal sealed record HistorySnapshot(
    IReadOnlyList<StoredRun> Runs,
    IReadOnlyDictionary<long, OperationIdentity> Operations,
    IReadOnlyList<StoredResult> Results,
    IReadOnlyList<StoredAnnotation> Annotations)
{
    /// <summary>How many operations the selected runs measured (<see cref="Operations"/> holds every one the query's filter lets through).</summary>
    public int MeasuredOperations => Results.Select(r => r.OperationId).Distinct().Count();
}

internal sealed record StoredRun(long Id, string Key, string? Repository, string? Branch, string? Commit, string? Parent, string? CiUrl, DateTimeOffset Time, string MachineClass)
{
    public string ShortCommit => Commit is null ? "(no commit)" : Commit[..Math.Min(10, Commit.Length)];
}

internal sealed record StoredResult(long Id, long RunId, long OperationId, string? Baseline, string Outcome, double? MeanNs, double? MedianNs, double? P95Ns, double? P99Ns, double? BytesPerOp, double? Gen0PerThousandOps, double? CalibrationRatio, double? RequestsPerSecond)
{
    public List<StoredVerdict> Verdicts { get; } = [];
}

internal sealed record StoredVerdict(string Metric, string Unit, string? Partner, double Budget, bool AtLeast, double? Estimate, double? Lower, double? Upper, double? Confidence, int SampleSize, string Outcome, bool Advisory, string Evidence);

internal sealed record StoredAnnotation(string Repository, string Commit, Annotation Annotation);
