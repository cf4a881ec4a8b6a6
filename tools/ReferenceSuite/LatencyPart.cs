using System.Globalization;
using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>The round-trip latency experiment: every stack x Small and Large x counts, with allocations and percentiles.</summary>
internal static class LatencyPart
{
    public static async Task<List<PerfResult>> RunAsync(TargetEndpoints endpoints, IReadOnlyList<int> counts, PerfOptions measurement, TextWriter progress)
    {
        var cases = ReferenceCases.Latency(counts).ToList();
        var results = new List<PerfResult>();
        var clients = new Dictionary<string, IEchoClient>(StringComparer.Ordinal);
        try
        {
            foreach (var (referenceCase, index) in cases.Select((c, i) => (c, i)))
            {
                if (!clients.TryGetValue(referenceCase.Stack.Id, out var client))
                {
                    clients[referenceCase.Stack.Id] = client = referenceCase.Stack.Create(endpoints);
                }

                var caseStarted = TimeProvider.System.GetTimestamp();
                var result = await Perf.Measure(referenceCase.Name, referenceCase.Bind(client)).WithOptions(measurement).WithAllocations().WithPercentiles(1000).RunAsync();
                results.Add(result);
                await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                    $"[{index + 1}/{cases.Count}] {referenceCase.Name}: mean {result.Subject.MeanNs / 1000:0.0} us, P95 {result.Subject.PerCall!.P95Ns / 1000:0.0} us, {result.Subject.Allocations!.BytesPerOp / 1024:0.0} KB/call ({TimeProvider.System.GetElapsedTime(caseStarted).TotalSeconds:0.0} s{(result.Subject.WarmupSettled ? string.Empty : ", warm-up did not settle")})"));
            }
        }
        finally
        {
            foreach (var client in clients.Values)
            {
                await client.DisposeAsync();
            }
        }

        return results;
    }
}
