using System.Globalization;
using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// Each stack's empty round trip (Small-0) against the physical floor, a raw TCP ping-pong on loopback, measured interleaved
/// with it: the floor ratio is a same-run ratio of blocks (ABBA/BAAB) with its interval, judged "floor &lt;= stack", so a stack
/// that measured below the floor fails the main job with the evidence instead of printing an impossible ratio.
/// </summary>
internal static class FloorPart
{
    public static async Task<(List<PerfResult> Comparisons, List<FloorRatio> Ratios)> RunAsync(TargetEndpoints endpoints, IEnumerable<PerfResult> latency, TextWriter progress)
    {
        await using var tcp = await FloorTcpClient.ConnectAsync(endpoints, CancellationToken.None);
        var comparisons = new List<PerfResult>();
        var ratios = new List<FloorRatio>();
        foreach (var name in latency.Select(r => r.Name).Where(n => n.StartsWith("Small", StringComparison.Ordinal) && n.EndsWith("-0", StringComparison.Ordinal)))
        {
            await using var stack = ReferenceCatalog.Open(name, endpoints);
            var result = await Perf.Measure("FloorTcpPingPong-0", ct => tcp.PingPongAsync(16, ct))
                .Named($"FloorTcpPingPong-0 vs {name}")
                .ComparedTo(name, stack.Operation)
                .MeanAtMost(1.0)
                .RunAsync();
            comparisons.Add(result);
            // Both means come from the same interleaved pass; the verdict above carries the ratio's interval.
            var floorUs = result.Subject.MeanNs / 1000;
            var stackUs = result.Partner!.MeanNs / 1000;
            ratios.Add(new FloorRatio(name, stackUs, floorUs));
            await progress.WriteLineAsync("[floor] " + result.Verdicts[0].Message);
        }

        await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
            $"[floor] {ratios.Count} stacks measured interleaved with a raw TCP ping-pong; lowest {ratios.Min(r => r.Ratio):0.00}x the floor"));
        return (comparisons, ratios);
    }
}
