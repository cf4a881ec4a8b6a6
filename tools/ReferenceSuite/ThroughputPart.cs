using System.Diagnostics;
using System.Globalization;
using PerfAssert.Load;
using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Statistics;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// The REST throughput experiment at concurrency 100, loaded through the load package's public API: a
/// <see cref="LoadSession"/> per endpoint (one worker process whose connections stay open, every answer checked), its blocks
/// interleaved with wrk's, an outside load generator, so the report can say whether our driver is the bottleneck and whether
/// the service works harder under it.
/// </summary>
internal static class ThroughputPart
{
    /// <summary>Each block's length: wrk counts its duration in whole seconds.</summary>
    public static readonly TimeSpan Block = TimeSpan.FromSeconds(1);

    /// <summary>Rounds of four blocks per endpoint (ours, wrk, wrk, ours; then wrk, ours, ours, wrk).</summary>
    public const int Rounds = 4;

    /// <summary>The requests of each case's untimed load before the section measures anything.</summary>
    private const int SectionWarmupRequests = 20_000;

    /// <summary>The requests the load worker sends untimed when its session starts (connections opened, paths compiled).</summary>
    private const int WarmupRequests = 2_000;

    /// <summary>Runs every case, or those whose name contains <paramref name="only"/> (unless it is <c>*</c>).</summary>
    public static async Task<(List<ThroughputRow> Rows, string DriverSection)> RunAsync(TargetEndpoints endpoints, TextWriter progress, string only = "*")
    {
        var cases = ThroughputCases.All.Where(c => only == "*" || c.Name.Contains(only, StringComparison.OrdinalIgnoreCase)).ToList();
        if (cases.Count == 0)
        {
            throw new ArgumentException($"No throughput case's name contains '{only}'; the cases: {string.Join(", ", ThroughputCases.All.Select(c => c.Name))}.");
        }

        if (endpoints.InMemoryHandler is not null)
        {
            throw new ArgumentException("The throughput part loads the targets from a worker process over loopback; these run in memory.", nameof(endpoints));
        }

        var (wrk, problem) = await WrkRunner.EnsureAsync(progress);
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
            await LoadWorkerProcess.RunAsync(@case.Plan(endpoints, SectionWarmupRequests, TimeSpan.FromMinutes(1)));
        }

        var rows = new List<ThroughputRow>();
        var runs = new List<DriverRun>();
        foreach (var @case in cases)
        {
            var plan = @case.Plan(endpoints, WarmupRequests, TimeSpan.FromMinutes(1)) with { WarmupRequests = WarmupRequests };
            await using var session = await LoadSession.StartAsync([plan], new LoadWorkerOptions());
            var blocks = new List<DriverBlock>();
            var ours = new List<LoadResult>();
            var (non2xx, socketErrors, wrkProblem) = (0L, 0L, wrk is null ? problem : null);
            for (var round = 0; round < Rounds; round++)
            {
                foreach (var oursFirst in round % 2 == 0 ? new[] { true, false, false, true } : [false, true, true, false])
                {
                    if (!oursFirst && wrkProblem is not null)
                    {
                        continue;
                    }

                    var before = ServiceCpu();
                    if (oursFirst)
                    {
                        var result = await session.RunAsync(0, Block);
                        ours.Add(result);
                        blocks.Add(new DriverBlock(round, true, result.RequestsPerSecond, result.Requests, result.Errors,
                            result.Cpu is { } worker ? PerRequest(worker, result.Requests) : null, PerRequest(ServiceCpu() - before, result.Requests)));
                        continue;
                    }

                    try
                    {
                        var outside = await WrkRunner.RunAsync(
                            wrk!, new Uri(endpoints.Http, @case.Path), @case.PostsBody ? ThroughputCases.Body : null, ThroughputCases.BodyContentType, ThroughputCases.Concurrency, 2, Block);
                        blocks.Add(new DriverBlock(round, false, outside.GoodRequestsPerSecond, outside.Requests, outside.Non2xx + outside.SocketErrors, outside.CpuPerRequestUs, PerRequest(ServiceCpu() - before, outside.Requests)));
                        (non2xx, socketErrors) = (non2xx + outside.Non2xx, socketErrors + outside.SocketErrors);
                    }
                    catch (Exception ex) when (ex is InvalidOperationException or FormatException or TimeoutException)
                    {
                        wrkProblem = ex.Message;
                        blocks.RemoveAll(b => !b.Ours);
                        await progress.WriteLineAsync($"[throughput] {@case.Name} by wrk failed: {ex.Message}");
                    }
                }
            }

            var run = new DriverRun(@case.Name, ours[0].Client, blocks, non2xx, socketErrors, wrkProblem);
            runs.Add(run);
            var (requests, errors) = (ours.Sum(r => r.Requests), ours.Sum(r => r.Errors));
            rows.Add(new ThroughputRow(@case.Name, requests, errors, run.RequestsPerSecond(ours: true), Median(ours, r => r.P50Us), Median(ours, r => r.P95Us), Median(ours, r => r.P99Us)));
            await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                $"[throughput] {@case.Name}: ours {run.RequestsPerSecond(ours: true):#,0} req/s ({run.Client}, CPU {run.GeneratorCpuUs(ours: true):0.0} us/req, service {run.ServiceCpuUs(ours: true):0.0} us/req), {errors} errors of {requests}{(ours.FirstOrDefault(r => r.FirstError is not null)?.FirstError is { } first ? " (first: " + first + ")" : string.Empty)}; ") +
                (run.Ratio is { } ratio
                    ? string.Create(CultureInfo.InvariantCulture, $"wrk {run.RequestsPerSecond(ours: false):#,0} req/s (CPU {run.GeneratorCpuUs(ours: false):0.0} us/req, service {run.ServiceCpuUs(ours: false):0.0} us/req); ours/wrk {DriverComparison.Ratio(ratio)}, service CPU ours/wrk {(run.ServiceCpuRatio is { } cpu ? DriverComparison.Ratio(cpu) : "-")}")
                    : $"wrk did not run: {wrkProblem}"));
        }

        return (rows, DriverComparison.Markdown(runs, problem));
    }

    private static double? PerRequest(TimeSpan cpu, long requests) => requests > 0 ? cpu.TotalMicroseconds / requests : null;

    private static double Median(List<LoadResult> results, Func<LoadResult, double> value) => Quantiles.OfSorted([.. results.Select(value).Order()], 0.5);
}
