using PerfAssert.Environments;
using PerfAssert.Measurement;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.History.Tests.Support;

/// <summary>
/// A history with a known answer, written straight into a store: twelve runs of three operations with 1% noise (seeded).
/// <c>Slowed</c> does 10% more work from run 5; <c>Allocating</c> allocates 64 B more from run 9, whose commit accepted
/// that change to its baseline entry; <c>Steady</c> never changes (the A/A series).
/// </summary>
internal static class SyntheticHistory
{
    public const int Runs = 12;
    public const int SlowedAt = 5;
    public const int AcceptedAt = 9;

    public static string Commit(int run) => $"{run:x4}".PadRight(40, 'a');

    public static async Task RecordAsync(HistoryStore store, int runs = Runs, bool withVerdicts = true, bool withAllocations = true, EnvironmentInfo? machine = null)
    {
        var random = new Random(42);
        for (var run = 1; run <= runs; run++)
        {
            double Noise() => 1 + (0.01 * Gaussian(random));
            var results = new[]
            {
                Result("Slowed", 1000 * (run >= SlowedAt ? 1.10 : 1.0) * Noise(), 480, run, withVerdicts, withAllocations, machine),
                Result("Allocating", 2000 * Noise(), run >= AcceptedAt ? 544 : 480, run, withVerdicts, withAllocations, machine),
                Result("Steady", 3000 * Noise(), 480, run, withVerdicts, withAllocations, machine),
            };
            IReadOnlyList<Annotation> notes = run == AcceptedAt ? [new Annotation("Orders/Allocating", Annotation.Accepted, "accepted: 480 -> 544 B/op")] : [];
            var info = new RunInfo { Repository = "acme/orders", Branch = "main", Commit = Commit(run), Parent = Commit(run - 1), Time = new DateTimeOffset(2026, 11, 1, 0, 0, 0, TimeSpan.Zero).AddHours(run) };
            await store.RecordAsync(RunBatch.Create(info, [.. results.Select(r => RecordedResult.From(r, PerfAssert.Reporting.PerfJson.Serialize(r)))], notes, DateTimeOffset.UnixEpoch), TestContext.Current.CancellationToken);
        }
    }

    private static PerfResult Result(string test, double meanNs, double bytes, int run, bool withVerdicts, bool withAllocations, EnvironmentInfo? machine) => HistorySamples.Result(test, meanNs, bytes, seed: run, machine: machine) with
    {
        Name = test,
        Verdicts = withVerdicts
            ? [new Verdict { Subject = test, Metric = "mean latency vs reference build", Unit = "ratio", Limit = 1.05, Measured = new Interval(meanNs / 1000, (meanNs / 1000) * 0.98, (meanNs / 1000) * 1.02, 0.95, 8), Outcome = VerdictOutcome.Pass, Evidence = "8 process pairs" }]
            : [],
        Subject = HistorySamples.Result(test, meanNs, bytes).Subject with
        {
            Name = test,
            Allocations = withAllocations ? new AllocationMeasurement(bytes, 0.1, 0, 0, 1000, 3, AllocationScope.Process) : null,
        },
        BaselineFile = "Orders",
        BaselineId = test,
    };

    private static double Gaussian(Random random) => Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
}
