using System.Globalization;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>Measures named cases (data stream, todo) with allocations and percentiles, one after another.</summary>
internal static class CasePart
{
    public static async Task<List<PerfResult>> RunAsync(string title, TargetEndpoints endpoints, IEnumerable<string> names, PerfOptions measurement, TextWriter progress)
    {
        var results = new List<PerfResult>();
        var list = names.ToList();
        foreach (var (name, index) in list.Select((n, i) => (n, i)))
        {
            await using var opened = ReferenceCatalog.Open(name, endpoints);
            var caseStarted = TimeProvider.System.GetTimestamp();
            var result = await Perf.Measure(name, opened.Operation).WithOptions(measurement).WithAllocations().WithPercentiles(1000).RunAsync();
            results.Add(result);
            await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                $"[{title} {index + 1}/{list.Count}] {name}: mean {result.Subject.MeanNs / 1000:0.0} us, P95 {result.Subject.PerCall!.P95Ns / 1000:0.0} us, {result.Subject.Allocations!.BytesPerOp / 1024:0.0} KB/call ({TimeProvider.System.GetElapsedTime(caseStarted).TotalSeconds:0.0} s{(result.Subject.WarmupSettled ? string.Empty : ", warm-up did not settle")})"));
        }

        return results;
    }
}
