using System.Globalization;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.BenchmarkDotNet.Json;

/// <summary>
/// Judges a BenchmarkDotNet full JSON export against a committed one (the approved run's export, reviewed in a diff):
/// allocations per operation are held to the committed figure; timings come from BenchmarkDotNet's own processes, on
/// whatever machine ran them, so their verdicts are advisory and never fail.
/// </summary>
public static class BenchmarkDotNetJudge
{
    /// <summary>One verdict for each benchmark's allocations and one advisory verdict for its mean time, in file order.</summary>
    /// <param name="current">The export to judge.</param>
    /// <param name="baseline">The committed export.</param>
    /// <param name="allocationTolerance">Bytes per operation above the committed figure still accepted. <value>The default is 0: exact.</value></param>
    /// <param name="timeMargin">How much above the committed mean a time is reported as a regression. <value>The default is 0.10.</value></param>
    public static IReadOnlyList<Verdict> Judge(BenchmarkDotNetReport current, BenchmarkDotNetReport baseline, double allocationTolerance = 0, double timeMargin = 0.10)
    {
        ArgumentNullException.ThrowIfNull(current);
        ArgumentNullException.ThrowIfNull(baseline);
        var committed = baseline.Benchmarks.ToDictionary(b => b.Id, StringComparer.Ordinal);
        var verdicts = new List<Verdict>();
        foreach (var entry in current.Benchmarks)
        {
            if (!committed.TryGetValue(entry.Id, out var approved))
            {
                verdicts.Add(Verdict(entry.Id, "allocated", "B/op", entry.BytesAllocatedPerOperation ?? double.NaN, double.NaN, VerdictOutcome.NoBaseline, entry) with
                {
                    Reason = $"no benchmark '{entry.Id}' in {baseline.Path}; review {current.Path} and commit it as the baseline",
                });
                continue;
            }

            verdicts.Add(Allocation(entry, approved, allocationTolerance, baseline.Path));
            var limit = approved.MeanNs * (1 + timeMargin);
            verdicts.Add(Verdict(entry.Id, "mean (BenchmarkDotNet)", "ns", entry.MeanNs, limit, entry.MeanNs > limit ? VerdictOutcome.Regression : VerdictOutcome.Pass, entry) with
            {
                Advisory = true,
                Reason = "timed by BenchmarkDotNet in another process; reported, not judged",
            });
        }

        return verdicts;
    }

    private static Verdict Allocation(BenchmarkDotNetEntry entry, BenchmarkDotNetEntry approved, double tolerance, string baselinePath)
    {
        if (entry.BytesAllocatedPerOperation is not { } bytes || approved.BytesAllocatedPerOperation is not { } limit)
        {
            return Verdict(entry.Id, "allocated", "B/op", entry.BytesAllocatedPerOperation ?? double.NaN, approved.BytesAllocatedPerOperation ?? double.NaN, VerdictOutcome.Invalid, entry) with
            {
                Reason = $"no allocation figure in {(entry.BytesAllocatedPerOperation is null ? "the judged file" : baselinePath)}: add [MemoryDiagnoser] to the benchmark class",
            };
        }

        return Verdict(entry.Id, "allocated", "B/op", bytes, limit, bytes > limit + tolerance ? VerdictOutcome.Regression : VerdictOutcome.Pass, entry) with { Tolerance = tolerance };
    }

    private static Verdict Verdict(string id, string metric, string unit, double measured, double limit, VerdictOutcome outcome, BenchmarkDotNetEntry entry) => new()
    {
        Subject = id,
        Metric = metric,
        Unit = unit,
        Measured = new Interval(measured, measured, measured, 1, 1),
        Limit = limit,
        Outcome = outcome,
        Evidence = string.Create(CultureInfo.InvariantCulture, $"BenchmarkDotNet, {entry.Samples} measurements"),
    };
}
