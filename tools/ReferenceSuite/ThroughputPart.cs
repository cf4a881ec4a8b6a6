using System.Globalization;
using PerfAssert.Reporting;
using PerfAssert.Targets.Hosting;
using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// The REST throughput experiment at concurrency 100, loaded from PerfAssert's load worker process: only correct answers
/// count. Each endpoint is then loaded by wrk, an outside load generator, for as long as our run took, so the report can
/// say whether our driver is the bottleneck.
/// </summary>
internal static class ThroughputPart
{
    /// <summary>Runs every case, or those whose name contains <paramref name="only"/> (unless it is <c>*</c>).</summary>
    public static async Task<(List<ThroughputRow> Rows, string DriverSection)> RunAsync(TargetEndpoints endpoints, int requests, TextWriter progress, string only = "*")
    {
        var cases = ThroughputCases.All.Where(c => only == "*" || c.Name.Contains(only, StringComparison.OrdinalIgnoreCase)).ToList();
        if (cases.Count == 0)
        {
            throw new ArgumentException($"No throughput case's name contains '{only}'; the cases: {string.Join(", ", ThroughputCases.All.Select(c => c.Name))}.");
        }

        var rows = new List<ThroughputRow>();
        var (wrk, problem) = endpoints.InMemoryHandler is null
            ? await WrkRunner.EnsureAsync(progress)
            : (null, "the targets run in memory, where no outside client can reach them");
        var beside = new List<(ThroughputMeasurement, WrkMeasurement?)>();
        foreach (var @case in cases)
        {
            // The load worker first sends a short warm-up (opening the connections, compiling both sides' paths), then the measured run.
            var run = await ThroughputRunner.RunAsync(@case.Plan(endpoints, requests, TimeSpan.FromMinutes(3)) with { WarmupRequests = 2_000 }, endpoints);
            var name = @case.Name;
            rows.Add(new ThroughputRow(name, run.Requests, run.Errors, run.RequestsPerSecond, run.P50Us, run.P95Us, run.P99Us));
            await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                $"[throughput] {name}: {run.RequestsPerSecond:#,0} req/s ({run.Generator}, {run.Client}, CPU {run.GeneratorCpuPerRequestUs:0.0} us/req), P50/P95/P99 {run.P50Us:0}/{run.P95Us:0}/{run.P99Us:0} us, {run.Errors} errors of {run.Requests}{(run.FirstError is null ? string.Empty : " (first: " + run.FirstError + ")")}"));
            WrkMeasurement? outside = null;
            if (wrk is not null)
            {
                try
                {
                    outside = await WrkRunner.RunAsync(
                        wrk, new Uri(endpoints.Http, @case.Path), @case.PostsBody ? ThroughputCases.Body : null, ThroughputCases.BodyContentType, ThroughputCases.Concurrency, 2, run.Elapsed);
                    await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                        $"[throughput] {name} by wrk: {outside.GoodRequestsPerSecond:#,0} req/s, P50/P99 {outside.P50Us:0}/{outside.P99Us:0} us, {outside.Non2xx} non-2xx, {outside.SocketErrors} socket errors, CPU {outside.CpuPerRequestUs:0.0} us/req; ours/wrk {run.RequestsPerSecond / outside.GoodRequestsPerSecond:0.00}"));
                }
                catch (Exception ex) when (ex is InvalidOperationException or FormatException or TimeoutException)
                {
                    await progress.WriteLineAsync($"[throughput] {name} by wrk failed: {ex.Message}");
                }
            }

            beside.Add((run, outside));
        }

        return (rows, DriverComparison.Markdown(beside, problem));
    }
}
