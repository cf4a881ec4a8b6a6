using System.Globalization;
using PerfAssert.Reporting;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.ReferenceSuite;

/// <summary>Each stack's empty round trip (Small-0) against the physical floor: a raw TCP ping-pong on loopback.</summary>
internal static class FloorPart
{
    public static async Task<(PerfResult Floor, List<FloorRatio> Ratios)> RunAsync(TargetEndpoints endpoints, IEnumerable<PerfResult> latency, TextWriter progress)
    {
        await using var tcp = await FloorTcpClient.ConnectAsync(endpoints, CancellationToken.None);
        var floor = await Perf.Measure("FloorTcpPingPong-0", ct => tcp.PingPongAsync(16, ct)).WithAllocations().WithPercentiles(1000).RunAsync();
        var floorUs = floor.Subject.MeanNs / 1000;
        await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture, $"[floor] raw TCP ping-pong: mean {floorUs:0.0} us"));
        var ratios = latency
            .Where(r => r.Name.StartsWith("Small", StringComparison.Ordinal) && r.Name.EndsWith("-0", StringComparison.Ordinal))
            .Select(r => new FloorRatio(r.Name, r.Subject.MeanNs / 1000, floorUs))
            .ToList();
        return (floor, ratios);
    }
}
