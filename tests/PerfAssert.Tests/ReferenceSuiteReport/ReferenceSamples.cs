using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Statistics;
using PerfAssert.Tests.Reporting;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.ReferenceSuiteReport;

/// <summary>
/// Deterministic synthetic results in the reference suite's shape: four stacks, two sizes, three item counts; comparisons
/// of every other stack with WCF text, named and measured as the suite's relative budgets are ("X vs Y", with a partner),
/// whose verdicts pass, regress (confirmed) or are inconclusive; throughput rows and floor ratios; every latency row's
/// mean with an interval of +-5%, brought to the machine class's usual speed from a run 1.2x slower than it.
/// </summary>
internal static class ReferenceSamples
{
    // (stack, base microseconds, small-item microseconds per item, base KB, small-item bytes per item)
    private static readonly (string Stack, double BaseUs, double PerItemUs, double BaseKb, double PerItemBytes)[] Stacks =
    [
        ("WcfText", 360, 4.5, 30, 520),
        ("AspNetCoreMinimalStj", 900, 5.5, 41, 300),
        ("AspNetCoreControllersNewtonsoft", 1800, 9, 99, 900),
        ("AspNetCoreMessagePack", 850, 3.8, 46, 250),
    ];

    public static ReferenceReport Report()
    {
        var results = Results();
        return new(results, Throughput(), Floor())
        {
            Title = "Reference suite (synthetic)",
            ReferenceStack = "WcfText",
            ToolVersion = "0.0.0-test",
            MeanIntervals = results.Where(r => r.Partner is null).ToDictionary(r => r.Name, r => new Interval(r.Subject.MeanNs / 1000, r.Subject.MeanNs / 1000 / 1.05, r.Subject.MeanNs / 1000 * 1.05, 0.99, 8)),
            Speed = new MachineSpeed("linux-x64-2c-net10", new Interval(600, 580, 620, 0.99, 8), 500, "the median of its mean over 6 main-job runs on 2026-11-28"),
        };
    }

    public static List<PerfResult> Results()
    {
        var results = new List<PerfResult>();
        foreach (var size in new[] { "Small", "Large" })
        {
            foreach (var items in new[] { 0, 100, 1000 })
            {
                var wcfUs = LatencyUs(Stacks[0], size, items);
                foreach (var stack in Stacks)
                {
                    var us = LatencyUs(stack, size, items);
                    var name = $"{size}{stack.Stack}-{items}";
                    var result = ReportSamples.Result(name, us, Bytes(stack, size, items), []);
                    // One row timed before its code settled, so the report's Settled column and its note are seen.
                    results.Add(name == "LargeAspNetCoreMessagePack-1000"
                        ? result with { Subject = result.Subject with { WarmupSettled = false, Unsettled = "warm-up did not settle within 1.5 s: the JIT was still compiling or promoting methods" } }
                        : result);
                    if (stack.Stack != "WcfText")
                    {
                        results.Add(Comparison(name, us, $"{size}WcfText-{items}", wcfUs));
                    }
                }
            }
        }

        results.Add(ReportSamples.Result("FloorTcpEcho", 56, bytes: null, []) with { Subject = ReportSamples.Operation("FloorTcpEcho", 56, null) with { PerCall = null } });
        return results;
    }

    /// <summary>A relative budget's result: the subject measured against its partner, as the suite names it.</summary>
    public static PerfResult Comparison(string subject, double subjectUs, string partner, double partnerUs) =>
        ReportSamples.Result($"{subject} vs {partner}", subjectUs, bytes: null, [Relative(subject, partner, subjectUs / partnerUs)]) with
        {
            Subject = ReportSamples.Operation(subject, subjectUs, null) with { PerCall = null },
            Partner = ReportSamples.Operation(partner, partnerUs, null) with { PerCall = null },
        };

    public static IReadOnlyList<ThroughputRow> Throughput() =>
    [
        new("GET WebApi c=100", 60_000, 0, 7_460, 11_500, 19_800, 31_000),
        new("GET WcfWebHttp c=100", 60_000, 0, 8_182, 10_900, 18_200, 29_500),
        new("POST 500 B WebApi c=100", 60_000, 0, 6_873, 12_400, 21_000, 35_200),
        new("PUT chunked WcfWebHttp c=100", 60_000, 60_000, 0, 14_000, 25_000, 41_000),
    ];

    public static IReadOnlyList<FloorRatio> Floor() =>
    [
        new("SmallWcfText-0", 360, 56) { RatioInterval = new Interval(360.0 / 56, 360.0 / 56 / 1.04, 360.0 / 56 * 1.04, 0.99, 300) },
        new("SmallAspNetCoreMinimalStj-0", 900, 56),
        new("SmallAspNetCoreControllersNewtonsoft-0", 1800, 56),
        new("SmallAspNetCoreMessagePack-0", 850, 56),
    ];

    private static double LatencyUs((string Stack, double BaseUs, double PerItemUs, double BaseKb, double PerItemBytes) stack, string size, int items) =>
        stack.BaseUs + (items * stack.PerItemUs * (size == "Large" ? 24 : 1));

    private static double Bytes((string Stack, double BaseUs, double PerItemUs, double BaseKb, double PerItemBytes) stack, string size, int items) =>
        (stack.BaseKb * 1024) + (items * stack.PerItemBytes * (size == "Large" ? 12 : 1));

    private static Verdict Relative(string subject, string partner, double ratio)
    {
        var interval = new Interval(ratio, ratio * 0.97, ratio * 1.03, 0.99, 16);
        var outcome = interval.Upper <= 2.5 ? VerdictOutcome.Pass : interval.Lower > 2.5 ? VerdictOutcome.Regression : VerdictOutcome.Inconclusive;
        return new Verdict
        {
            Subject = subject,
            Partner = partner,
            Metric = "mean",
            Unit = "x",
            Measured = interval,
            Limit = 2.5,
            Outcome = outcome,
            Evidence = "16 blocks",
            Confirmed = outcome == VerdictOutcome.Regression,
        };
    }
}
