using PerfAssert.Budgets;

namespace PerfAssert.Load.Testing;

/// <summary>A budget on a load test; made by <see cref="LoadTestBuilder"/>'s methods.</summary>
internal abstract record LoadBudget
{
    /// <summary>Whether the budget compares the subject with a partner measured in the same run.</summary>
    public virtual bool NeedsPartner => false;
}

/// <summary>The subject's correctly answered requests per second at least <paramref name="Ratio"/> times the partner's.</summary>
internal sealed record ThroughputRatioBudget(double Ratio) : LoadBudget
{
    public override bool NeedsPartner => true;
}

/// <summary>A latency percentile under load at most <paramref name="Factor"/> times the partner's.</summary>
internal sealed record LatencyRatioBudget(LatencyStatistic Statistic, double Factor) : LoadBudget
{
    public override bool NeedsPartner => true;
}

/// <summary>The subject's share of failed or wrong answers at most <paramref name="Fraction"/>.</summary>
internal sealed record ErrorRateBudget(double Fraction) : LoadBudget;

/// <summary>An absolute requests-per-second floor: advisory, since shared runners move by tens of percent from run to run.</summary>
internal sealed record ThroughputFloorBudget(double RequestsPerSecond) : LoadBudget;
