using System.Diagnostics;
using System.Globalization;
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
    /// <summary>The requests of each case's untimed load before the section measures anything.</summary>
    private const int SectionWarmupRequests = 20_000;

    /// <summary>The requests the load worker sends untimed before each measured run (connections opened, paths compiled).</summary>
    private const int WarmupRequests = 2_000;

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
        var beside = new List<DriverRun>();
        using var service = Process.GetCurrentProcess();
        TimeSpan ServiceCpu()
        {
            service.Refresh();
            return service.TotalProcessorTime;
        }


        // The service process warms up before anything is measured: on a fresh process the first case measured took half the
        // requests/s it reached later, for our worker and wrk alike (its thread pool and JIT were still settling), so whichever
        // generator came first lost. Every case is loaded once, untimed, first.
        foreach (var @case in cases)
        {
            await ThroughputRunner.RunAsync(@case.Plan(endpoints, SectionWarmupRequests, TimeSpan.FromMinutes(1)), endpoints);
        }

        foreach (var @case in cases)
        {
            // The load worker first sends a short warm-up (opening the connections, compiling both sides' paths), then the measured run.
            var before = ServiceCpu();
            var run = await ThroughputRunner.RunAsync(@case.Plan(endpoints, requests, TimeSpan.FromMinutes(3)) with { WarmupRequests = WarmupRequests }, endpoints);
            var serviceOurs = (ServiceCpu() - before).TotalMicroseconds / (run.Requests + WarmupRequests);
            double? serviceWrk = null;
            var name = @case.Name;
            rows.Add(new ThroughputRow(name, run.Requests, run.Errors, run.RequestsPerSecond, run.P50Us, run.P95Us, run.P99Us));
            await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                $"[throughput] {name}: {run.RequestsPerSecond:#,0} req/s ({run.Generator}, {run.Client}, CPU {run.GeneratorCpuPerRequestUs:0.0} us/req), P50/P95/P99 {run.P50Us:0}/{run.P95Us:0}/{run.P99Us:0} us, {run.Errors} errors of {run.Requests}{(run.FirstError is null ? string.Empty : " (first: " + run.FirstError + ")")}"));
            WrkMeasurement? outside = null;
            if (wrk is not null)
            {
                try
                {
                    before = ServiceCpu();
                    outside = await WrkRunner.RunAsync(
                        wrk, new Uri(endpoints.Http, @case.Path), @case.PostsBody ? ThroughputCases.Body : null, ThroughputCases.BodyContentType, ThroughputCases.Concurrency, 2, run.Elapsed);
                    serviceWrk = outside.Requests > 0 ? (ServiceCpu() - before).TotalMicroseconds / outside.Requests : null;
                    await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                        $"[throughput] {name} by wrk: {outside.GoodRequestsPerSecond:#,0} req/s, P50/P99 {outside.P50Us:0}/{outside.P99Us:0} us, {outside.Non2xx} non-2xx, {outside.SocketErrors} socket errors, CPU {outside.CpuPerRequestUs:0.0} us/req; ours/wrk {run.RequestsPerSecond / outside.GoodRequestsPerSecond:0.00}"));
                }
                catch (Exception ex) when (ex is InvalidOperationException or FormatException or TimeoutException)
                {
                    await progress.WriteLineAsync($"[throughput] {name} by wrk failed: {ex.Message}");
                }
            }

            beside.Add(new DriverRun(run, outside, serviceOurs, serviceWrk));
        }

        return (rows, DriverComparison.Markdown(beside, problem));
    }
}
