using System.Globalization;
using System.Text;
using PerfAssert.Baselines;

namespace PerfAssert.Tool;

/// <summary>Old and new baseline values side by side, one row per entry and figure.</summary>
internal static class ChangeTable
{
    /// <summary>An allowance more than this far above the ratio its run measured is called loose.</summary>
    private const double LooseAllowance = 1.10;

    public static string Render(IReadOnlyList<AcceptedChange> changes)
    {
        var text = new StringBuilder();
        text.AppendLine(CultureInfo.InvariantCulture, $"{"entry",-52} {"figure",-22} {"old",14} {"new",14} {"change",8}");
        foreach (var change in changes)
        {
            var name = $"{change.File} {change.Id}";
            Row(text, name, "allocated B/op", change.Old?.AllocatedBytesPerOp, change.New.AllocatedBytesPerOp);
            Row(text, string.Empty, "Gen0 per 1,000 ops", change.Old?.Gen0PerThousandOps, change.New.Gen0PerThousandOps);
            Row(text, string.Empty, "x calibration", change.Old?.CalibrationRatio.Estimate, change.New.CalibrationRatio.Estimate);
            if (change.New.PartnerRatio is not null || change.Old?.PartnerRatio is not null)
            {
                Row(text, string.Empty, "x partner", change.Old?.PartnerRatio?.Estimate, change.New.PartnerRatio?.Estimate);
            }

            if (change.New.LatencyAllowance is not null || change.Old?.LatencyAllowance is not null)
            {
                // An allowance is an approved slowdown against the reference build: the line a reviewer must see.
                Row(text, string.Empty, "latency allowance", change.Old?.LatencyAllowance, change.New.LatencyAllowance);
                Allowance(text, change.New);
            }

            if (change.Old is not null && change.Old.AllocationScope != change.New.AllocationScope)
            {
                text.AppendLine(CultureInfo.InvariantCulture, $"{string.Empty,-52} {"allocations counted in",-22} {Scope(change.Old),14} {Scope(change.New),14}");
            }

            if (change.Old is not null && change.Old.Environment != change.New.Environment)
            {
                text.AppendLine(CultureInfo.InvariantCulture, $"{string.Empty,-52} {"machine class",-22} {change.Old.Environment.MachineClass,14} {change.New.Environment.MachineClass,14}");
            }
        }

        return text.ToString().TrimEnd();
    }

    private static void Row(StringBuilder text, string name, string figure, double? old, double? now)
    {
        var delta = old is > 0 && now is not null ? ((now.Value / old.Value) - 1).ToString("+0.0%;-0.0%;0.0%", CultureInfo.InvariantCulture) : old is null ? "new" : string.Empty;
        text.AppendLine(CultureInfo.InvariantCulture, $"{Truncate(name, 52),-52} {figure,-22} {Format(old),14} {Format(now),14} {delta,8}");
    }

    /// <summary>
    /// Where a new allowance comes from: the ratio its run measured (the allowance is its estimate) and that ratio's interval.
    /// A wide interval (a loaded machine) makes a loose budget, since the budget is never below the interval's rerun bound,
    /// and the table says how much slower than measured it lets the call get.
    /// </summary>
    private static void Allowance(StringBuilder text, BaselineEntry entry)
    {
        if (entry is not { LatencyAllowance: { } allowance, LatencyRatio: { } ratio })
        {
            return;
        }

        text.AppendLine(CultureInfo.InvariantCulture, $"{string.Empty,-52} {"  from measured ratio",-22} {ratio.Estimate:0.###} [{ratio.Lower:0.###}, {ratio.Upper:0.###}] ({ratio.ConfidenceLevel * 100:0.#}%, {ratio.Blocks} blocks{Reference(ratio)})");
        var loosest = Math.Max(allowance, ratio.RerunBound);
        if (loosest > ratio.Estimate * LooseAllowance)
        {
            // Loose because the run was imprecise (a quieter re-run tightens it), or because the change is large: its effect
            // moves from run to run in proportion to its size (BaselineRatio.EffectSpread), which no re-run narrows.
            var imprecise = ratio.ImprecisionBound > ratio.Estimate * LooseAllowance;
            var why = imprecise
                ? "run the test again on a quieter machine and accept that candidate for a tighter one"
                : "a change this large measures that much higher in some runs than in others";
            text.AppendLine(CultureInfo.InvariantCulture,
                $"{string.Empty,-52} {"  loose allowance",-22} it lets the call get {((loosest / ratio.Estimate) - 1) * 100:0}% slower than this run measured before a test fails; {why}");
        }
    }

    /// <summary>The reference build's time per call in the run behind the ratio, which the allowance is held to as the time it added.</summary>
    private static string Reference(BaselineRatio ratio) => ratio.ReferenceNanosecondsPerOp is { } ns
        ? string.Create(CultureInfo.InvariantCulture, $", reference build {ns / 1000:#,0.#} us per call")
        : string.Empty;

    private static string Scope(BaselineEntry entry) => entry.AllocationScope ?? "test process";

    private static string Format(double? value) => value is null ? "-" : value.Value.ToString("#,0.###", CultureInfo.InvariantCulture);

    private static string Truncate(string text, int length) => text.Length <= length ? text : "..." + text[^(length - 3)..];
}
