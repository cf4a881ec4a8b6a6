using System.Globalization;
using System.Text;
using PerfAssert.Environments;
using PerfAssert.Measurement;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// The first-and-again check of issue 41 (<c>--first-and-again</c>): in one fresh process, one case per protocol family
/// (<see cref="FirstAndAgainCases.Families"/>) is measured, then ten other cases, then each family's case again, and for
/// each family the two measurements are compared. Every case is measured as the main job measures it: the cases warmed up
/// together first (<see cref="Perf.WarmUpAsync"/>), then each with the quick matrix's options, allocations and percentiles.
/// "First in a fresh process" means what it means in the main job: the first measurement of that stack in the process,
/// after the shared warm-up of the cases the process will measure; only the first family's case is the very first case
/// timed. After each measurement <see cref="BatchSamples.Batches"/> batches of the engine's sample size are timed side by
/// side with a raw TCP ping-pong on loopback (the floor), and the comparison is of the case's time over the floor's: the
/// two measurements are a minute apart, and without the floor a machine whose load changed meanwhile moved the figures
/// by up to 25% either way. Prints a markdown table, one row per family.
/// </summary>
internal static class FirstAndAgainPart
{
    /// <summary>The most the shared warm-up may take before the first case is timed.</summary>
    private static readonly TimeSpan SharedWarmupTime = TimeSpan.FromSeconds(30);

    /// <summary>The table's header; the performance test reads the rows under it.</summary>
    public const string Header = "| Family | Case | First us | Again us | Again / first, over the floor | 99% interval | Floor again / first | Engine first us | Engine again us | Compiled first / again | First settled | Again settled |";

    /// <summary>The floor's name in progress lines.</summary>
    private const string FloorName = "FloorTcpPingPong-0";

    /// <summary>
    /// Runs the check. <paramref name="unwarmed"/> skips the shared warm-up and leaves the JIT out of each case's warm-up
    /// and allocation count, as before issue 41: only for showing that the check catches code timed before promotion.
    /// </summary>
    public static async Task<int> RunAsync(TargetEndpoints endpoints, PerfOptions measurement, bool unwarmed, TextWriter output, TextWriter progress)
    {
        var options = unwarmed ? measurement with { JitQuietTime = TimeSpan.Zero, AllocationSettleTime = TimeSpan.Zero } : measurement;
        var names = FirstAndAgainCases.Families.Select(f => f.Case).Concat(FirstAndAgainCases.Others).ToList();
        var opened = names.ToDictionary(name => name, name => ReferenceCatalog.Open(name, endpoints), StringComparer.Ordinal);
        await using var tcp = await FloorTcpClient.ConnectAsync(endpoints, CancellationToken.None);
        Func<CancellationToken, Task> floor = cancellationToken => tcp.PingPongAsync(16, cancellationToken);
        // The batch timer's own first compilation, so the methods compiled during a case's batches are the case's.
        await BatchSamples.TimeAsync(static _ => Task.CompletedTask, static _ => Task.CompletedTask, 1, CancellationToken.None);
        try
        {
            if (!unwarmed)
            {
                var shared = await Perf.WarmUpAsync([.. names.Select(n => Operation.Async(n, opened[n].Operation)), Operation.Async(FloorName, floor)], SharedWarmupTime);
                await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                    $"[shared warm-up] {names.Count} cases, {shared.Calls:#,0} calls in {shared.Elapsed.TotalSeconds:0.0} s: {(shared.Settled ? "settled" : "did not settle")}"));
            }

            var first = await MeasureAllAsync(FirstAndAgainCases.Families.Select(f => f.Case), opened, floor, options, "first", progress);
            await MeasureAllAsync(FirstAndAgainCases.Others, opened, floor, options, "other", progress);
            var again = await MeasureAllAsync(FirstAndAgainCases.Families.Select(f => f.Case), opened, floor, options, "again", progress);
            await output.WriteLineAsync(Table(first, again, unwarmed));
            return 0;
        }
        finally
        {
            foreach (var bound in opened.Values)
            {
                await bound.DisposeAsync();
            }
        }
    }

    /// <summary>Measures each case as the main job does, then times its batches beside the floor's straight after.</summary>
    private static async Task<List<FirstAndAgainMeasurement>> MeasureAllAsync(
        IEnumerable<string> names, Dictionary<string, BoundCase> opened, Func<CancellationToken, Task> floor, PerfOptions options, string round, TextWriter progress)
    {
        var measured = new List<FirstAndAgainMeasurement>();
        foreach (var name in names)
        {
            var operation = opened[name].Operation;
            var result = await Perf.Measure(name, operation).WithOptions(options).WithAllocations().WithPercentiles(1000).RunAsync();
            var (subject, floors, compiled) = await BatchSamples.TimeAsync(operation, floor, result.Subject.OpsPerSample, CancellationToken.None);
            var measurement = new FirstAndAgainMeasurement(result, subject, floors, compiled);
            measured.Add(measurement);
            await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                $"[{round}] {name}: engine mean {result.Subject.MeanNs / 1000:0.0} us, batches {measurement.GeometricMeanUs:0.0} us beside the floor's {measurement.FloorGeometricMeanUs:0.0} us, {compiled} methods compiled meanwhile ({result.Duration.TotalSeconds:0.0} s, settled: {measurement.Settled})"));
        }

        return measured;
    }

    private static string Table(List<FirstAndAgainMeasurement> first, List<FirstAndAgainMeasurement> again, bool unwarmed)
    {
        var table = new StringBuilder()
            .AppendLine(CultureInfo.InvariantCulture, $"First and again ({(unwarmed ? "UNWARMED: no shared warm-up, no tiering wait" : "as the main job measures")}; {TieringSettings.Current})")
            .AppendLine()
            .AppendLine(Header)
            .AppendLine("|---|---|---:|---:|---:|---|---:|---:|---:|---:|---|---|");
        for (var i = 0; i < first.Count; i++)
        {
            var ratio = RatioInterval.Of(first[i].OverFloor, again[i].OverFloor);
            table.AppendLine(CultureInfo.InvariantCulture,
                $"| {FirstAndAgainCases.Families[i].Family} | {first[i].Result.Name} | {first[i].GeometricMeanUs:0.0} | {again[i].GeometricMeanUs:0.0} | {ratio.Estimate:0.000} | {ratio.Low:0.000} to {ratio.High:0.000} | {again[i].FloorGeometricMeanUs / first[i].FloorGeometricMeanUs:0.000} | {first[i].Result.Subject.MeanNs / 1000:0.0} | {again[i].Result.Subject.MeanNs / 1000:0.0} | {first[i].Compiled} / {again[i].Compiled} | {first[i].Settled} | {again[i].Settled} |");
        }

        return table.ToString();
    }
}
