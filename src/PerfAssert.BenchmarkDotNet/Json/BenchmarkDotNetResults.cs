using PerfAssert.Measurement;
using PerfAssert.Verdicts;

namespace PerfAssert.BenchmarkDotNet.Json;

/// <summary>
/// A judged BenchmarkDotNet export as PerfAssert results, one per benchmark, so the usual report renders it (report.md
/// and report.html, as <c>perfassert render</c> writes them for a test run).
/// </summary>
public static class BenchmarkDotNetResults
{
    /// <summary>
    /// One result per benchmark of <paramref name="report"/>, in file order, carrying the verdicts
    /// <see cref="BenchmarkDotNetJudge.Judge"/> gave it. BenchmarkDotNet measures no calibration workload: the results' is
    /// empty (NaN), and their environment is the one the export names, not this machine.
    /// </summary>
    public static IReadOnlyList<PerfResult> From(BenchmarkDotNetReport report, IReadOnlyList<Verdict> verdicts, string baselinePath)
    {
        ArgumentNullException.ThrowIfNull(report);
        ArgumentNullException.ThrowIfNull(verdicts);
        ArgumentException.ThrowIfNullOrWhiteSpace(baselinePath);
        var bySubject = verdicts.ToLookup(v => v.Subject, StringComparer.Ordinal);
        return [.. report.Benchmarks.Select(entry => new PerfResult
        {
            Name = entry.Id,
            Test = report.Title,
            Verdicts = [.. bySubject[entry.Id]],
            Subject = new OperationSummary { Name = entry.Id, OpsPerSample = 1, MeanNs = entry.MeanNs, WarmupSettled = true, Allocations = Allocations(entry) },
            Calibration = new CalibrationSummary(double.NaN, double.NaN, 0),
            Environment = report.Environment,
            Seed = 0,
            Duration = TimeSpan.Zero,
            BaselineFile = baselinePath,
            BaselineId = entry.Id,
            Strict = false,
        })];
    }

    // BenchmarkDotNet's MemoryDiagnoser counts the whole process over all its operations: one repeat, process scope.
    private static AllocationMeasurement? Allocations(BenchmarkDotNetEntry entry) =>
        entry.BytesAllocatedPerOperation is { } bytes && entry.CollectionsPerThousandOps is var (gen0, gen1, gen2)
            ? new AllocationMeasurement(bytes, gen0, gen1, gen2, entry.MemoryOperations, 1, AllocationScope.Process)
            : null;
}
