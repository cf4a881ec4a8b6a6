namespace PerfAssert.Budgets;

/// <summary><c>subject &lt;= partner x MaxRatio</c> on a latency statistic, both measured interleaved in the same run.</summary>
/// <param name="Statistic">The latency statistic compared.</param>
/// <param name="MaxRatio">The largest acceptable subject / partner ratio, for example 1.10.</param>
public sealed record RelativeLatencyBudget(LatencyStatistic Statistic, double MaxRatio) : Budget
{
    /// <inheritdoc/>
    public override bool NeedsPartner => true;

    /// <inheritdoc/>
    public override void Validate() => PositiveFinite(MaxRatio, nameof(MaxRatio));
}
