namespace PerfAssert.Targets.Reference;

/// <summary>A relative budget between two cases measured in the same run: <c>Subject &lt;= Partner x MaxRatio</c> on mean latency.</summary>
/// <param name="Subject">The subject case's name.</param>
/// <param name="Partner">The partner case's name.</param>
/// <param name="MaxRatio">The budget.</param>
/// <param name="Measured">What this machine measured when the budget was set, with its interval, for the reviewer.</param>
public sealed record ReferenceBudget(string Subject, string Partner, double MaxRatio, string Measured)
{
    /// <inheritdoc/>
    public override string ToString() => $"{Subject} <= {Partner} x {MaxRatio}";
}
