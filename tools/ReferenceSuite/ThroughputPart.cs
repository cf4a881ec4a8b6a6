using System.Globalization;
using PerfAssert.Reporting;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>The REST throughput experiment at concurrency 100: only correct answers count.</summary>
internal static class ThroughputPart
{
    public static async Task<List<ThroughputRow>> RunAsync(TargetEndpoints endpoints, int requests, TextWriter progress)
    {
        using var client = ThroughputCases.CreateClient(endpoints);
        var rows = new List<ThroughputRow>();
        foreach (var (name, request) in ThroughputCases.All)
        {
            // A short warm-up opens the connections and compiles the paths before the measured run.
            await ThroughputRunner.RunAsync(name, ct => request(client, ct), 2_000, ThroughputCases.Concurrency, TimeSpan.FromMinutes(1));
            var run = await ThroughputRunner.RunAsync(name, ct => request(client, ct), requests, ThroughputCases.Concurrency, TimeSpan.FromMinutes(3));
            rows.Add(new ThroughputRow(name, run.Requests, run.Errors, run.RequestsPerSecond, run.P50Us, run.P95Us, run.P99Us));
            await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                $"[throughput] {name}: {run.RequestsPerSecond:#,0} req/s, P50/P95/P99 {run.P50Us:0}/{run.P95Us:0}/{run.P99Us:0} us, {run.Errors} errors of {run.Requests}{(run.FirstError is null ? string.Empty : " (first: " + run.FirstError + ")")}"));
        }

        return rows;
    }
}
