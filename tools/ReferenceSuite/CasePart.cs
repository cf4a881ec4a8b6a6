using System.Globalization;
using PerfAssert.Measurement;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// Measures named cases (data stream, todo) with allocations and percentiles, one after another, after warming their shared
/// code up together where that is affordable (as the latency part does), so the first case of a part does not pay for what
/// the later ones find warm.
/// </summary>
internal static class CasePart
{
    /// <summary>How the main job measures one case: warm-up, samples, exact allocations and per-call percentiles.</summary>
    public static Task<PerfResult> MeasureAsync(string name, Func<CancellationToken, Task> operation, PerfOptions measurement) =>
        Perf.Measure(name, operation).WithOptions(measurement).WithAllocations().WithPercentiles(1000).RunAsync();

    /// <summary>
    /// Measures <paramref name="names"/> one after another, after a shared warm-up of at most
    /// <paramref name="sharedWarmupTime"/> (none when zero: the todo cases move megabytes a call, and the latency part has
    /// already promoted the host and the formatters they share).
    /// </summary>
    public static async Task<List<PerfResult>> RunAsync(string title, TargetEndpoints endpoints, IEnumerable<string> names, PerfOptions measurement, TimeSpan sharedWarmupTime, TextWriter progress)
    {
        var results = new List<PerfResult>();
        var list = names.ToList();
        var opened = new List<BoundCase>(list.Count);
        try
        {
            opened.AddRange(list.Select(name => ReferenceCatalog.Open(name, endpoints)));
            if (sharedWarmupTime > TimeSpan.Zero)
            {
                var shared = await Perf.WarmUpAsync(list.Select((name, i) => Operation.Async(name, opened[i].Operation)).ToList(), sharedWarmupTime);
                await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                    $"[{title} shared warm-up] {list.Count} cases, {shared.Calls:#,0} calls in {shared.Elapsed.TotalSeconds:0.0} s: {(shared.Settled ? "settled" : "did not settle")}"));
            }

            foreach (var (name, index) in list.Select((n, i) => (n, i)))
            {
                var caseStarted = TimeProvider.System.GetTimestamp();
                var result = await MeasureAsync(name, opened[index].Operation, measurement);
                results.Add(result);
                await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                    $"[{title} {index + 1}/{list.Count}] {name}: mean {result.Subject.MeanNs / 1000:0.0} us, P95 {result.Subject.PerCall!.P95Ns / 1000:0.0} us, {result.Subject.Allocations!.BytesPerOp / 1024:0.0} KB/call ({TimeProvider.System.GetElapsedTime(caseStarted).TotalSeconds:0.0} s{(result.Subject.Unsettled is { } why ? ", " + why : string.Empty)})"));
            }
        }
        finally
        {
            foreach (var bound in opened)
            {
                await bound.DisposeAsync();
            }
        }

        return results;
    }
}
