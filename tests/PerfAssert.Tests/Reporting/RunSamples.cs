using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Reporting;

/// <summary>
/// Deterministic results of one synthetic test run covering every outcome: a passing and a confirmed-regressing relative
/// budget, an allocation regression, an advisory baseline inconclusive, a strict inconclusive, a missing baseline, an
/// invalid (Debug) measurement, an improvement and a test measured without a budget. Given deliberately out of order.
/// </summary>
internal static class RunSamples
{
    public static List<PerfResult> Results() =>
    [
        Relative("Stj <= WcfText x 1.5", "Stj", "WcfText", 1.2, VerdictOutcome.Pass),
        ReportSamples.Result("MeasuredOnly", 250, 2048, []),
        Single("Allocating", 300, 640, Allocation("Allocating", 640, 512, VerdictOutcome.Regression)),
        Single("Baseline-Advisory", 90, 1024, Baseline("Baseline-Advisory", 9.1, 7.2, 10.4, VerdictOutcome.Inconclusive) with
        {
            Advisory = true,
            Reason = "latency against this baseline is advisory (EnforceLatency is off)",
        }),
        Single("NewTest", 40, 100, Baseline("NewTest", 3.4, 3.3, 3.5, VerdictOutcome.NoBaseline) with
        {
            Limit = double.NaN,
            Reason = "no entry 'NewTest' in baselines/Api.json (measured 100 B/op); candidate written",
        }),
        Single("Strict-Close", 100, null, Baseline("Strict-Close", 1.0, 0.96, 1.06, VerdictOutcome.Inconclusive)) with { Strict = true },
        Relative("MessagePack <= WcfText x 1.1", "MessagePack", "WcfText", 1.17, VerdictOutcome.Regression) with { Seed = 7 },
        Single("Debug-Build", 120, 300, Allocation("Debug-Build", 300, 400, VerdictOutcome.Invalid) with { Reason = "the code under test is a Debug build" }),
        Relative("Grpc <= Stj x 1", "Grpc", "Stj", 0.6, VerdictOutcome.Improved),
    ];

    private static PerfResult Single(string name, double meanUs, double? bytes, Verdict verdict) =>
        ReportSamples.Result(name, meanUs, bytes, [verdict]);

    private static PerfResult Relative(string name, string subject, string partner, double ratio, VerdictOutcome outcome) =>
        ReportSamples.Result(name, 500 * ratio, 4096, [new Verdict
        {
            Subject = subject,
            Partner = partner,
            Metric = "mean",
            Unit = "x",
            Measured = new Interval(ratio, ratio * 0.96, ratio * 1.04, 0.99, 16),
            Limit = double.Parse(name[(name.LastIndexOf(' ') + 1)..], System.Globalization.CultureInfo.InvariantCulture),
            Outcome = outcome,
            Evidence = outcome == VerdictOutcome.Regression ? "8 blocks + 8 blocks reversed" : "16 blocks",
            Confirmed = outcome == VerdictOutcome.Regression,
        }]) with
        {
            Subject = ReportSamples.Operation(subject, 500 * ratio, 4096),
            Partner = ReportSamples.Operation(partner, 500, 3072) with { WarmupSettled = outcome != VerdictOutcome.Improved, PerCall = null },
        };

    private static Verdict Allocation(string subject, double bytes, double limit, VerdictOutcome outcome) => new()
    {
        Subject = subject,
        Metric = "allocated",
        Unit = "B/op",
        Measured = new Interval(bytes, bytes, bytes, 1, 3),
        Limit = limit,
        Tolerance = 1,
        Outcome = outcome,
        Evidence = "min of 3 x 1,000 ops, process scope",
    };

    private static Verdict Baseline(string subject, double ratio, double lower, double upper, VerdictOutcome outcome) => new()
    {
        Subject = subject,
        Metric = "mean / calibration (baseline 5.5 +75%)",
        Unit = "x",
        Measured = new Interval(ratio, lower, upper, 0.99, 16),
        Limit = 9.625,
        Outcome = outcome,
        Evidence = "16 blocks",
    };
}
