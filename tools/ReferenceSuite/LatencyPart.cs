using System.Globalization;
using PerfAssert.Measurement;
using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>The round-trip latency experiment: every stack x Small and Large x counts, with allocations and percentiles.</summary>
internal static class LatencyPart
{
    /// <summary>The most the shared warm-up may take before the first case is timed.</summary>
    private static readonly TimeSpan SharedWarmupTime = TimeSpan.FromSeconds(30);

    public static async Task<List<PerfResult>> RunAsync(TargetEndpoints endpoints, IReadOnlyList<int> counts, PerfOptions measurement, TextWriter progress)
    {
        var cases = ReferenceCases.Latency(counts).ToList();
        var results = new List<PerfResult>();
        var clients = new Dictionary<string, IEchoClient>(StringComparer.Ordinal);
        try
        {
            IEchoClient Client(ReferenceCase referenceCase) => clients.TryGetValue(referenceCase.Stack.Id, out var open)
                ? open
                : clients[referenceCase.Stack.Id] = referenceCase.Stack.Create(endpoints);

            // The host's, the framework's and the formatters' code is shared by every case: promoted once here, before the
            // first case is timed, so the first case does not pay for what every later one finds warm.
            var shared = await Perf.WarmUpAsync(cases.Select(c => Operation.Async(c.Name, c.Bind(Client(c)))).ToList(), SharedWarmupTime);
            await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                $"[shared warm-up] {cases.Count} cases, {shared.Calls:#,0} calls in {shared.Elapsed.TotalSeconds:0.0} s: {(shared.Settled ? "settled" : "did not settle")} ({shared.LastRoundCompiled} methods compiled in its last round, {shared.PromotionBacklog?.ToString(CultureInfo.InvariantCulture) ?? "unknown"} queued for promotion)"));
            foreach (var (referenceCase, index) in cases.Select((c, i) => (c, i)))
            {
                var client = Client(referenceCase);
                var caseStarted = TimeProvider.System.GetTimestamp();
                var result = await CasePart.MeasureAsync(referenceCase.Name, referenceCase.Bind(client), measurement);
                results.Add(result);
                await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                    $"[{index + 1}/{cases.Count}] {referenceCase.Name}: mean {result.Subject.MeanNs / 1000:0.0} us, P95 {result.Subject.PerCall!.P95Ns / 1000:0.0} us, {result.Subject.Allocations!.BytesPerOp / 1024:0.0} KB/call ({TimeProvider.System.GetElapsedTime(caseStarted).TotalSeconds:0.0} s{(result.Subject.Unsettled is { } why ? ", " + why : string.Empty)})"));
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
