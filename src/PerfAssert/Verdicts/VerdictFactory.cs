using System.Globalization;
using PerfAssert.Budgets;
using PerfAssert.Measurement;
using PerfAssert.Statistics;

namespace PerfAssert.Verdicts;

/// <summary>Turns measurements into verdicts, one per budget.</summary>
internal static class VerdictFactory
{
    public static Verdict Relative(PerfPlan plan, RelativeLatencyBudget budget, Comparison comparison, int index)
    {
        var (ratio, outcome, evidence, confirmed, reason) = Resolve(comparison, index);
        return new Verdict
        {
            Subject = plan.Subject.Name,
            Partner = plan.Partner!.Name,
            Metric = StatisticName(budget.Statistic),
            Unit = "x",
            Measured = ratio,
            Limit = budget.MaxRatio,
            Outcome = outcome,
            Evidence = evidence,
            Confirmed = confirmed,
            Reason = reason,
        };
    }

    public static Verdict Absolute(PerfPlan plan, AbsoluteLatencyBudget budget, Comparison comparison, int index, double calibrationNs)
    {
        var (ratio, outcome, evidence, confirmed, reason) = Resolve(comparison, index);
        var current = Environments.EnvironmentInfo.Current.MachineClass;
        var advisory = !string.Equals(budget.MachineClass, current, StringComparison.Ordinal);
        var advice = advisory ? $"absolute times are advisory: the budget names machine class '{budget.MachineClass ?? "(none)"}', this is '{current}'" : null;
        return new Verdict
        {
            Subject = plan.Subject.Name,
            Metric = StatisticName(budget.Statistic) + " latency (calibrated)",
            Unit = "us",
            Measured = ratio.Map(r => r * calibrationNs / 1000),
            Limit = budget.Max.TotalMicroseconds,
            Outcome = outcome,
            Evidence = evidence,
            Confirmed = confirmed,
            Advisory = advisory,
            Reason = Join(reason, advice),
        };
    }

    public static IEnumerable<Verdict> Allocations(PerfPlan plan, AllocationMeasurement? subject, AllocationMeasurement? partner)
    {
        foreach (var budget in plan.Budgets)
        {
            switch (budget)
            {
                case AllocationBudget allocation:
                    yield return Exact(plan, null, "allocated", "B/op", subject!.BytesPerOp, allocation.MaxBytesPerOp, allocation.Tolerance, subject, plan.Options);
                    break;
                case RelativeAllocationBudget relative:
                    var limit = partner!.BytesPerOp + relative.ExtraBytesPerOp;
                    yield return Exact(plan, plan.Partner!.Name, "allocated", "B/op", subject!.BytesPerOp, limit, relative.Tolerance, subject, plan.Options);
                    break;
                case GcBudget gc:
                    var measured = gc.Generation switch { 0 => subject!.Gen0PerThousandOps, 1 => subject!.Gen1PerThousandOps, _ => subject!.Gen2PerThousandOps };
                    yield return Exact(plan, null, $"Gen{gc.Generation} collections", "per 1,000 ops", measured, gc.MaxPerThousandOps, 0, subject!, plan.Options);
                    break;
            }
        }
    }

    internal static Verdict Exact(PerfPlan plan, string? partner, string metric, string unit, double measured, double limit, double tolerance, AllocationMeasurement evidence, PerfOptions options)
    {
        // The effective limit is the budget plus its tolerance, and the message prints exactly that.
        var over = measured > limit + tolerance;
        // Over budget while the JIT never went quiet: the extra bytes may be code that has not tiered up yet, so it cannot tell.
        var outcome = over
            ? evidence.JitSettled ? VerdictOutcome.Regression : VerdictOutcome.Inconclusive
            : limit > 0 && measured < limit * options.ImprovementMark && limit - measured > tolerance ? VerdictOutcome.Improved : VerdictOutcome.Pass;
        return new Verdict
        {
            Subject = plan.Subject.Name,
            Partner = partner,
            Metric = partner is null ? metric : metric + " vs partner",
            Unit = unit,
            Measured = new Interval(measured, measured, measured, 1, 0),
            Limit = limit,
            Tolerance = tolerance,
            Outcome = outcome,
            Evidence = string.Create(CultureInfo.InvariantCulture, $"min of {evidence.Repeats} x {evidence.OpsPerRepeat:#,0} ops{JitNote(evidence)}, {evidence.Scope.ToString().ToLowerInvariant()} scope"),
            Reason = outcome == VerdictOutcome.Inconclusive
                ? string.Create(CultureInfo.InvariantCulture, $"the JIT compiled methods during every repeat for {options.AllocationSettleTime.TotalSeconds:0.#} s, so the figure may include allocations its optimized code no longer makes; warm the operation up first or raise {nameof(PerfOptions)}.{nameof(PerfOptions.AllocationSettleTime)}")
                : null,
        };
    }

    private static string JitNote(AllocationMeasurement evidence) =>
        evidence.JitSettled
            ? evidence.JitBusyRepeats == 0 ? string.Empty : string.Create(CultureInfo.InvariantCulture, $" ({evidence.JitBusyRepeats} more set aside while the JIT compiled)")
            : ", the JIT compiling throughout";

    internal static (Interval Ratio, VerdictOutcome Outcome, string Evidence, bool Confirmed, string? Reason) Resolve(Comparison comparison, int index)
    {
        var first = comparison.First;
        var firstRatio = first.Ratios[index];
        if (comparison.Confirmations[index] is not { } confirmation)
        {
            return (firstRatio, first.Outcomes[index], Blocks(first.Blocks), false, null);
        }

        var second = confirmation.Pass;
        var secondRatio = second.Ratios[confirmation.Index];
        var evidence = $"{Blocks(first.Blocks)} + {Blocks(second.Blocks)} reversed";
        if (second.Outcomes[confirmation.Index] == VerdictOutcome.Regression)
        {
            return (secondRatio, VerdictOutcome.Regression, evidence, true, null);
        }

        var reason = $"a first pass measured {VerdictFormatter.Number(firstRatio.Estimate)} [{VerdictFormatter.Number(firstRatio.Lower)}, {VerdictFormatter.Number(firstRatio.Upper)}] over budget, but the reversed-order confirmation did not";
        return (secondRatio, VerdictOutcome.Inconclusive, evidence, false, reason);
    }

    private static string Blocks(int count) => count == 1 ? "1 block" : $"{count} blocks";

    private static string StatisticName(LatencyStatistic statistic) => statistic switch
    {
        LatencyStatistic.Mean => "mean",
        LatencyStatistic.Median => "median",
        _ => statistic.ToString(),
    };

    private static string? Join(string? first, string? second) => first is null ? second : second is null ? first : first + "; " + second;
}
