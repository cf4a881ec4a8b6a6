using System.Globalization;
using PerfAssert.Reporting;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// The reference report's own cells, on top of the run report's number formatting (<see cref="ReportText"/>): invariant
/// culture, one spelling for a missing value.
/// </summary>
internal static class ReferenceText
{
    public static string Kb(double? value) => ReportText.Format(value, "#,0.##");

    /// <summary>A row's ratio to the reference stack, with its interval when it has one: <c>1.52x [1.47, 1.58]</c>.</summary>
    public static string ReferenceRatio(LatencyRow row) => row.RatioInterval is { IsBounded: true } interval
        ? ReportText.Ratio(row.RatioToReference) + string.Create(CultureInfo.InvariantCulture, $" [{interval.Lower:0.00}, {interval.Upper:0.00}]")
        : ReportText.Ratio(row.RatioToReference);

    /// <summary>A row's mean in microseconds, with its interval when it has one: <c>141.0 [135.2, 147.3]</c>.</summary>
    public static string Mean(LatencyRow row) => WithInterval(ReportText.Us(row.MeanUs), row.MeanInterval, "#,0.0");

    /// <summary>A floor ratio, with its interval when it has one: <c>1.45x [1.38, 1.52]</c>.</summary>
    public static string FloorRatio(FloorRatio floor) => WithInterval(ReportText.Ratio(floor.Ratio), floor.RatioInterval, "0.00");

    private static string WithInterval(string value, Statistics.Interval? interval, string format) => interval is { IsBounded: true } bounded
        ? value + " [" + bounded.Lower.ToString(format, CultureInfo.InvariantCulture) + ", " + bounded.Upper.ToString(format, CultureInfo.InvariantCulture) + "]"
        : value;

    /// <summary>What the latency tables' times are: at the machine class's usual speed, by how much this run's machine was off it.</summary>
    public static string Speed(MachineSpeed speed) => speed.Normalized
        ? string.Create(CultureInfo.InvariantCulture,
            $"Times are at this machine class's usual speed. The yardstick (a System.Text.Json round trip of the Large-100 payload in memory, timed in every group) took {speed.MeasuredUs.Estimate:0.0} us [{speed.MeasuredUs.Lower:0.0}, {speed.MeasuredUs.Upper:0.0}] per call in this run against a usual {speed.ReferenceUs:0.0} us ({speed.ReferenceSource}): the machine ran at {speed.Slowdown:0.00}x its usual time per call, and every time here is divided by that, each case by its ratio to the yardstick timed in its own blocks. The times as measured are about these times x {speed.Slowdown:0.00}.")
        : string.Create(CultureInfo.InvariantCulture,
            $"Times are as measured in this run: the suite knows no usual speed for machine class {speed.MachineClass} (the yardstick took {speed.MeasuredUs.Estimate:0.0} us [{speed.MeasuredUs.Lower:0.0}, {speed.MeasuredUs.Upper:0.0}] per call), so they move with the machine's load from run to run; ratios do not.");

    /// <summary>
    /// Why some comparisons' intervals reach further than 10% from their ratio, or null when none does: a verdict stops as
    /// soon as it can decide.
    /// </summary>
    public static string? WideVerdicts(ReferenceReport report)
    {
        var wide = report.Comparisons.Count(c => !c.Ratio.IsBounded || Math.Max((c.Ratio.Upper / c.Ratio.Estimate) - 1, 1 - (c.Ratio.Lower / c.Ratio.Estimate)) > 0.10);
        return wide == 0
            ? null
            : string.Create(CultureInfo.InvariantCulture,
                $"{wide} of these {report.Comparisons.Count} intervals reach further than 10% from their ratio: a verdict stops measuring as soon as its whole interval lies on one side of its budget (its first look is after 8 blocks), so an interval is only as narrow as its decision needed. The same cases' ratios to within 10% are the side-by-side phase's, in the latency table and the published experiments.");
    }

    /// <summary>A ratio's interval as <c>[lower, upper] (99%)</c>, or the missing mark when it is unbounded.</summary>
    public static string Interval(Statistics.Interval interval) => interval.IsBounded
        ? string.Create(CultureInfo.InvariantCulture, $"[{interval.Lower:0.00}, {interval.Upper:0.00}] ({interval.ConfidenceLevel:0%})")
        : ReportText.Missing;

    /// <summary>An outcome as the verdict message ends it: confirmed and advisory say so.</summary>
    public static string Outcome(Verdicts.Verdict verdict) =>
        verdict.Outcome + (verdict.Confirmed ? " (confirmed)" : string.Empty) + (verdict.Advisory ? " (advisory)" : string.Empty);

    public static string Count(long value) => value.ToString("#,0", CultureInfo.InvariantCulture);

    public static string Rate(double value) => ReportText.Format(value, "#,0");

    /// <summary>Axis labels: thousands separators for large values, up to four decimals for small ones.</summary>
    public static string Axis(double value) => value >= 1000 ? ReportText.Format(value, "#,0") : ReportText.Format(value, "0.####");

    public static string Verdicts(LatencyRow row) => row.Result.Verdicts.Count == 0
        ? ReportText.Missing
        : string.Join(", ", row.Result.Verdicts.Select(v => v.Outcome.ToString()).Distinct());

    public static string Environment(ReferenceReport report) => report.Environment is { } environment
        ? string.Create(CultureInfo.InvariantCulture, $"Machine class {environment.MachineClass}, .NET {environment.Runtime}, {(environment.ServerGc ? "server" : "workstation")} GC.")
        : "No latency results.";
}
