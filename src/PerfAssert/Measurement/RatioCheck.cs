using PerfAssert.Budgets;

namespace PerfAssert.Measurement;

/// <summary>One ratio to judge in a block comparison: the subject's statistic over the partner's, against a limit.</summary>
internal sealed record RatioCheck(LatencyStatistic Statistic, double Limit);
