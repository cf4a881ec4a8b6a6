using PerfAssert.Environments;
using PerfAssert.Measurement;
using PerfAssert.Reporting;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.History.Tests.Support;

/// <summary>Synthetic results for the history: one machine, a test's operation with its figures and a latency verdict, written as a test run writes them.</summary>
internal static class HistorySamples
{
    public static readonly EnvironmentInfo Machine = new() { Os = "linux", Architecture = "x64", Cores = 2, Runtime = "10.0.0", ServerGc = false };

    public static PerfResult Result(string test, double meanNs, double bytes, int seed = 1, string assembly = "Orders.PerfTests", EnvironmentInfo? machine = null) => new()
    {
        Name = "GET /orders/42",
        Test = test,
        Assembly = assembly,
        Verdicts =
        [
            new Verdict
            {
                Subject = "GET /orders/42", Metric = "mean latency vs reference build", Unit = "ratio", Limit = 1.05,
                Measured = new Interval(meanNs / 1000, (meanNs / 1000) - 0.02, (meanNs / 1000) + 0.02, 0.95, 8),
                Outcome = VerdictOutcome.Pass, Evidence = "8 process pairs",
            },
        ],
        Subject = new OperationSummary
        {
            Name = "GET /orders/42", OpsPerSample = 4, MeanNs = meanNs, WarmupSettled = true,
            PerCall = new LatencyDistribution(200, meanNs, meanNs * 0.97, meanNs * 1.08, meanNs * 1.2, meanNs * 1.6),
            Allocations = new AllocationMeasurement(bytes, bytes / 3000, 0, 0, 1000, 3, AllocationScope.Process),
            CalibrationRatio = meanNs / 500,
        },
        Calibration = new CalibrationSummary(10_000, 0.02, 32),
        Environment = machine ?? Machine,
        Seed = seed,
        Duration = TimeSpan.FromSeconds(2),
        Strict = false,
        BaselineFile = "OrdersTests",
        BaselineId = test,
    };

    /// <summary>A results folder of <paramref name="operations"/> tests (Test0, Test1, ...), as a run writes it; the seed makes each run's files differ.</summary>
    public static async Task<string> WriteRunAsync(string root, int run, int operations = 3, double meanNs = 1000, double bytes = 480)
    {
        var directory = Path.Combine(root, $"run{run}");
        for (var i = 0; i < operations; i++)
        {
            await ResultFiles.WriteAsync(Result($"OrdersTests.Get{i}", meanNs + i, bytes, seed: run), directory, TestContext.Current.CancellationToken);
        }

        return directory;
    }

    public static RunInfo Info(int run, string branch = "main") => new()
    {
        Key = null,
        Repository = "acme/orders",
        Branch = branch,
        Commit = $"{run:x4}".PadRight(40, 'c'),
        Parent = $"{run - 1:x4}".PadRight(40, 'c'),
        Time = new DateTimeOffset(2026, 11, 1, 0, 0, 0, TimeSpan.Zero).AddHours(run),
    };
}
