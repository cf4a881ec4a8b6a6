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
