using System.Globalization;
using PerfAssert.Measurement;
using PerfAssert.Verdicts;

namespace PerfAssert.Reporting;

/// <summary>The cells of a <see cref="RunReport"/>, shared by its Markdown and HTML forms so both say the same.</summary>
internal static class RunReportText
{
    public static readonly string[] VerdictColumns = ["Test", "Measure", "Budget", "Measured", "Evidence", "Outcome", "Advisory", "Fails"];

    public static readonly string[] OperationColumns = ["Test", "Operation", "Mean (us)", "Median (us)", "P95 (us)", "P99 (us)", "Allocated (B/op)", "Gen0 / 1k ops", "x calibration"];

    /// <summary>How many tests fail and the machines they ran on.</summary>
    public static string Status(RunReport report)
    {
        var tests = report.Results.Count == 1 ? "1 test" : $"{report.Results.Count} tests";
        var failing = report.FailedTests switch
        {
            0 => $"No test fails ({tests}).",
            1 => $"1 of {tests} fails.",
            var n => $"{n} of {tests} fail.",
        };
        var machines = report.Environments.Select(e => string.Create(CultureInfo.InvariantCulture, $"{e.MachineClass} (.NET {e.Runtime}, {(e.ServerGc ? "server" : "workstation")} GC)"));
        return report.Results.Count == 0 ? failing : $"{failing} Measured on {string.Join(", ", machines)}.";
    }

    /// <summary>A verdict's cells in <see cref="VerdictColumns"/> order.</summary>
    public static string[] Verdict(VerdictRow row)
    {
        var verdict = row.Verdict;
        return
        [
            row.Result.Name,
            verdict.Partner is null ? verdict.Metric : $"{verdict.Metric} vs {verdict.Partner}",
            double.IsFinite(verdict.Limit) ? VerdictFormatter.Budget(verdict, Unit) : ReportText.Missing,
            Measured(verdict),
            verdict.Evidence + (HasInterval(verdict) ? $", {verdict.Measured.ConfidenceLevel.ToString("0.##%", CultureInfo.InvariantCulture)} CI" : string.Empty) + (verdict.Confirmed ? ", confirmed" : string.Empty),
            verdict.Outcome.ToString(),
            verdict.Advisory ? "advisory" : string.Empty,
            row.Fails ? "fails" : string.Empty,
        ];
    }

    /// <summary>One row per measured operation of a result (the subject, then its partner), in <see cref="OperationColumns"/> order.</summary>
    public static IEnumerable<string[]> Operations(PerfResult result)
    {
        yield return Operation(result.Name, result.Subject);
        if (result.Partner is not null)
        {
            yield return Operation(result.Name, result.Partner);
        }
    }

    /// <summary>Whether a verdict's full message belongs in the messages section: every outcome but Pass.</summary>
    public static bool Noteworthy(VerdictRow row) => row.Verdict.Outcome != VerdictOutcome.Pass;

    private static string[] Operation(string test, OperationSummary operation) =>
    [
        test,
        operation.Name + (operation.WarmupSettled ? string.Empty : " (warm-up did not settle)"),
        ReportText.Us(operation.MeanNs / 1000),
        ReportText.Us(operation.PerCall?.MedianNs / 1000),
        ReportText.Us(operation.PerCall?.P95Ns / 1000),
        ReportText.Us(operation.PerCall?.P99Ns / 1000),
        ReportText.Bytes(operation.Allocations?.BytesPerOp),
        ReportText.PerThousand(operation.Allocations?.Gen0PerThousandOps),
        ReportText.Ratio(operation.CalibrationRatio),
    ];

    private static string Measured(Verdict verdict) =>
        VerdictFormatter.Number(verdict.Measured.Estimate)
        + (HasInterval(verdict) ? $" [{VerdictFormatter.Number(verdict.Measured.Lower)}, {VerdictFormatter.Number(verdict.Measured.Upper)}]" : string.Empty)
        + Unit(verdict.Unit);

    // The same rule as the verdict message: an interval only where there is a sample and the bounds differ.
    private static bool HasInterval(Verdict verdict) => verdict.Measured.SampleSize > 0 && verdict.Measured.Lower != verdict.Measured.Upper;

    private static string Unit(string unit) => unit == "x" ? "x" : " " + unit;
}
