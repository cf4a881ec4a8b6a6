using System.Globalization;
using PerfAssert.Budgets;
using PerfAssert.Measurement;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Baselines;

/// <summary>
/// Judges one run against one baseline entry. Loaded before anything is measured, so a corrupt or foreign baseline file
/// fails fast; after the run it gives the verdicts and, when the baseline should move, the candidate entry.
/// </summary>
internal sealed class BaselineJudge
{
    private readonly BaselineStore _store;
    private readonly BaselineBudget _budget;
    private readonly BaselineEntry? _entry;

    private BaselineJudge(BaselineStore store, BaselineBudget budget, BaselineEntry? entry)
    {
        _store = store;
        _budget = budget;
        _entry = entry;
    }

    /// <summary>The budget this judge applies.</summary>
    public BaselineBudget Budget => _budget;

    /// <summary>The committed entry, if there is one.</summary>
    public BaselineEntry? Entry => _entry;

    /// <summary>The store the entry came from.</summary>
    public BaselineStore Store => _store;

    /// <summary>The latency limit as a ratio to the calibration; NaN when there is no entry (gather evidence to record).</summary>
    public double CalibrationLimit => _entry is null ? double.NaN : _entry.CalibrationRatio.Estimate * (1 + _budget.LatencyMargin);

    /// <summary>The limit of the ratio to the partner; NaN without an entry or a recorded partner ratio.</summary>
    public double PartnerLimit => _entry?.PartnerRatio is { } ratio ? ratio.Estimate * (1 + _budget.PartnerMargin) : double.NaN;

    public bool SameMachineClass => _entry is not null && _entry.Environment.MachineClass == BaselineEnvironment.Current.MachineClass;

    public static BaselineJudge Load(BaselineStore store, BaselineBudget budget)
    {
        var file = store.Load(budget.FileName);
        return new BaselineJudge(store, budget, file.Entries.GetValueOrDefault(budget.Id));
    }

    public IReadOnlyList<Verdict> Judge(PerfPlan plan, Comparison calibration, Comparison? partner, AllocationMeasurement allocations)
    {
        if (_entry is null)
        {
            var (ratio, _, evidence, _, _) = VerdictFactory.Resolve(calibration, 0);
            return
            [
                new Verdict
                {
                    Subject = plan.Subject.Name,
                    Metric = "mean / calibration",
                    Unit = "x",
                    Measured = ratio,
                    Limit = double.NaN,
                    Outcome = VerdictOutcome.NoBaseline,
                    Evidence = evidence,
                    Reason = $"no entry '{_budget.Id}' in {_store.Relative(_store.PathOf(_budget.FileName))} (measured {VerdictFormatter.Number(allocations.BytesPerOp)} B/op)",
                },
            ];
        }

        var verdicts = new List<Verdict>
        {
            AllocationVerdict(plan, allocations),
            LatencyVerdict(plan, calibration, "mean / calibration", _entry.CalibrationRatio.Estimate, _budget.LatencyMargin),
        };
        if (partner is not null && _entry.PartnerRatio is not null)
        {
            verdicts.Add(LatencyVerdict(plan, partner, "mean", _entry.PartnerRatio.Estimate, _budget.PartnerMargin) with { Partner = plan.Partner!.Name });
        }

        return verdicts;
    }

    /// <summary>Whether the run should leave a candidate: no entry, a regression, an improvement, or another machine class.</summary>
    public bool WantsCandidate(IReadOnlyList<Verdict> verdicts) =>
        _entry is null || !SameMachineClass || (_budget.Builds is not null && _entry.AllocationScope != BuildJudge.WorkerScope) || verdicts.Any(v => v.Outcome is VerdictOutcome.Regression or VerdictOutcome.Improved);

    /// <summary>Writes this run's figures as a candidate in the store the entry was loaded from, and says where in every verdict.</summary>
    public Task<IReadOnlyList<Verdict>> RecordCandidateAsync(
        IReadOnlyList<Verdict> verdicts, Comparison calibration, Comparison? partner, AllocationMeasurement allocations, CancellationToken cancellationToken) =>
        RecordCandidateAsync(verdicts, Candidate(calibration, partner, allocations), allocations, cancellationToken);

    /// <summary>Writes <paramref name="candidate"/> in the store the entry was loaded from, and says where in every verdict.</summary>
    public async Task<IReadOnlyList<Verdict>> RecordCandidateAsync(
        IReadOnlyList<Verdict> verdicts, BaselineEntry candidate, AllocationMeasurement allocations, CancellationToken cancellationToken)
    {
        var path = await _store.WriteCandidateAsync(_budget.FileName, _budget.Id, candidate, cancellationToken).ConfigureAwait(false);
        var note = allocations.JitSettled
            ? $"candidate written to {path}; review it and accept with: {_store.AcceptCommand}"
            : $"candidate written to {path}, but its allocations were measured while the JIT was still compiling: run again before accepting it with: {_store.AcceptCommand}";
        return verdicts.Select(v => v with { Reason = v.Reason is null ? note : v.Reason + "; " + note }).ToList();
    }

    private static BaselineEntry Candidate(Comparison calibration, Comparison? partner, AllocationMeasurement allocations) => new()
    {
        Environment = BaselineEnvironment.Current,
        AllocatedBytesPerOp = Math.Round(allocations.BytesPerOp, 2),
        Gen0PerThousandOps = Math.Round(allocations.Gen0PerThousandOps, 4),
        Gen1PerThousandOps = Math.Round(allocations.Gen1PerThousandOps, 4),
        Gen2PerThousandOps = Math.Round(allocations.Gen2PerThousandOps, 4),
        CalibrationRatio = Record(calibration.First),
        PartnerRatio = partner is null ? null : Record(partner.First),
        AllocationOps = allocations.OpsPerRepeat,
    };

    private Verdict AllocationVerdict(PerfPlan plan, AllocationMeasurement allocations)
    {
        var recorded = _entry!.AllocatedBytesPerOp;
        var tolerance = 1 + (recorded * _budget.AllocationTolerance);
        var verdict = VerdictFactory.Exact(plan, null, $"allocated (baseline {VerdictFormatter.Number(recorded)})", "B/op", allocations.BytesPerOp, recorded, tolerance, allocations, plan.Options);
        // Against a baseline, any allocation saved beyond the tolerance is worth recording.
        verdict = verdict with { Outcome = verdict.Outcome is VerdictOutcome.Regression or VerdictOutcome.Inconclusive ? verdict.Outcome : allocations.BytesPerOp < recorded - tolerance ? VerdictOutcome.Improved : VerdictOutcome.Pass };
        return _entry.Environment.AllocatesLike(BaselineEnvironment.Current)
            ? verdict
            : verdict with { Advisory = true, Reason = $"recorded on {_entry.Environment.MachineClass}, this is {BaselineEnvironment.Current.MachineClass}: allocations are advisory until it is recorded here" };
    }

    private Verdict LatencyVerdict(PerfPlan plan, Comparison comparison, string metric, double recorded, double margin)
    {
        var (ratio, outcome, evidence, confirmed, reason) = VerdictFactory.Resolve(comparison, 0);
        // The margin is for noise; Improved means clearly faster than the recorded figure itself, not than the margin.
        if (outcome is VerdictOutcome.Pass or VerdictOutcome.Improved)
        {
            outcome = ratio.Upper < recorded * plan.Options.ImprovementMark ? VerdictOutcome.Improved : VerdictOutcome.Pass;
        }

        var verdict = new Verdict
        {
            Subject = plan.Subject.Name,
            Metric = string.Create(CultureInfo.InvariantCulture, $"{metric} (baseline {VerdictFormatter.Number(recorded)} +{margin:0%})"),
            Unit = "x",
            Measured = ratio,
            Limit = recorded * (1 + margin),
            Outcome = outcome,
            Evidence = evidence,
            Confirmed = confirmed,
            Reason = reason,
        };
        if (!SameMachineClass)
        {
            return verdict with { Advisory = true, Reason = $"recorded on {_entry!.Environment.MachineClass}, this is {BaselineEnvironment.Current.MachineClass}: latency is advisory until it is recorded here" };
        }

        return _budget.EnforceLatency ? verdict : verdict with { Advisory = true, Reason = Join(verdict.Reason, "latency against this baseline is advisory (EnforceLatency is off)") };
    }

    private static string Join(string? first, string second) => first is null ? second : first + "; " + second;

    internal static BaselineRatio Record(BlockPass pass) => Record(pass.Ratios[0], pass.Blocks);

    /// <summary>A measured ratio as the baseline file keeps it: four decimals, its confidence level and the blocks behind it.</summary>
    internal static BaselineRatio Record(Interval ratio, int blocks) =>
        new(Math.Round(ratio.Estimate, 4), Math.Round(ratio.Lower, 4), Math.Round(ratio.Upper, 4), ratio.ConfidenceLevel, blocks);
}
