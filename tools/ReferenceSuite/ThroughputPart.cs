using System.Diagnostics;
using System.Globalization;
using PerfAssert.Load;
using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Statistics;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// The REST throughput experiment at concurrency 100, loaded through the load package's public API: one
/// <see cref="LoadSession"/> over every endpoint (one worker process whose connections stay open, every answer checked),
/// its blocks interleaved with wrk's, an outside load generator, so the report can say whether our driver is the
/// bottleneck and whether the service works harder under it. The endpoints of an operation and both generators take turns
/// in rounds (ours on each endpoint, then wrk on each in the reverse order; the next round the other way round), so each
/// round gives one observation of every ratio the report prints: ours over wrk per endpoint, and WCF over Web API per
/// operation.
/// </summary>
internal static class ThroughputPart
{
    /// <summary>Each block's length: wrk counts its duration in whole seconds.</summary>
    public static readonly TimeSpan Block = TimeSpan.FromSeconds(1);

    /// <summary>
    /// Rounds: each gives every endpoint one block of ours and one of wrk's. With 95% t-intervals over the rounds, five
    /// rounds bound the ratios to a few per cent (the rounds' ratios scatter by 2 to 5%).
    /// </summary>
    public const int Rounds = 5;

    /// <summary>The requests of each endpoint's untimed load when the session starts (connections opened, paths compiled).</summary>
    private const int WarmupRequests = 20_000;

    /// <summary>
    /// The endpoints the quick matrix loads: the published experiment's (GET time and POST echo on the Web API controllers
    /// and the WCF WebHttp stand-in). The minimal APIs and the chunked POST, which the published experiment has no WCF
    /// figure for, run with --full.
    /// </summary>
    public static IReadOnlyList<ThroughputCase> Cases(bool full) => full
        ? ThroughputCases.All
        : [.. ThroughputCases.All.Where(c => c.Name.Contains(ThroughputCases.Controllers, StringComparison.Ordinal) || c.Name.Contains(ThroughputCases.WcfWebHttp, StringComparison.Ordinal))
            .Where(c => !c.Name.StartsWith(ThroughputCases.Operations[2], StringComparison.Ordinal))];

    /// <summary>Runs <paramref name="cases"/>, or those of them whose name contains <paramref name="only"/> (unless it is <c>*</c>).</summary>
    public static async Task<ThroughputRun> RunAsync(TargetEndpoints endpoints, IReadOnlyList<ThroughputCase> cases, TextWriter progress, string only = "*")
    {
        cases = [.. cases.Where(c => only == "*" || c.Name.Contains(only, StringComparison.OrdinalIgnoreCase))];
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

        var plans = cases.Select(c => c.Plan(endpoints, WarmupRequests, TimeSpan.FromMinutes(1)) with { WarmupRequests = WarmupRequests }).ToList();
        await using var session = await LoadSession.StartAsync(plans, new LoadWorkerOptions());
        var blocks = cases.ToDictionary(c => c.Name, _ => new List<DriverBlock>(), StringComparer.Ordinal);
        var ours = cases.ToDictionary(c => c.Name, _ => new List<LoadResult>(), StringComparer.Ordinal);
        var wrkProblem = wrk is null ? problem : null;
        var (non2xx, socketErrors) = (new Dictionary<string, long>(), new Dictionary<string, long>());
        var operations = cases.Select((c, i) => (Case: c, Index: i)).GroupBy(c => Operation(c.Case.Name)).ToList();
        for (var round = 0; round < Rounds; round++)
        {
            foreach (var operation in operations)
            {
                var order = round % 2 == 0 ? operation.ToList() : operation.Reverse().ToList();
                foreach (var (@case, index) in order)
                {
                    var before = ServiceCpu();
                    var result = await session.RunAsync(index, Block);
                    ours[@case.Name].Add(result);
                    blocks[@case.Name].Add(new DriverBlock(round, true, result.RequestsPerSecond, result.Requests, result.Errors,
                        result.Cpu is { } worker ? PerRequest(worker, result.Requests) : null, PerRequest(ServiceCpu() - before, result.Requests)));
                }

                order.Reverse();
                foreach (var (@case, _) in order.Where(_ => wrkProblem is null))
                {
                    var before = ServiceCpu();
                    try
                    {
                        var outside = await WrkRunner.RunAsync(
                            wrk!, new Uri(endpoints.Http, @case.Path), @case.PostsBody ? ThroughputCases.Body : null, ThroughputCases.BodyContentType, ThroughputCases.Concurrency, 2, Block);
                        blocks[@case.Name].Add(new DriverBlock(round, false, outside.GoodRequestsPerSecond, outside.Requests, outside.Non2xx + outside.SocketErrors, outside.CpuPerRequestUs, PerRequest(ServiceCpu() - before, outside.Requests)));
                        non2xx[@case.Name] = non2xx.GetValueOrDefault(@case.Name) + outside.Non2xx;
                        socketErrors[@case.Name] = socketErrors.GetValueOrDefault(@case.Name) + outside.SocketErrors;
                    }
                    catch (Exception ex) when (ex is InvalidOperationException or FormatException or TimeoutException)
                    {
                        wrkProblem = ex.Message;
                        await progress.WriteLineAsync($"[throughput] {@case.Name} by wrk failed: {ex.Message}");
                    }
                }
            }
        }

        var runs = new List<DriverRun>();
        var rows = new List<ThroughputRow>();
        foreach (var @case in cases)
        {
            var run = new DriverRun(@case.Name, ours[@case.Name][0].Client, wrkProblem is null ? blocks[@case.Name] : [.. blocks[@case.Name].Where(b => b.Ours)],
                non2xx.GetValueOrDefault(@case.Name), socketErrors.GetValueOrDefault(@case.Name), wrkProblem);
            runs.Add(run);
            var results = ours[@case.Name];
            var (requests, errors) = (results.Sum(r => r.Requests), results.Sum(r => r.Errors));
            rows.Add(new ThroughputRow(@case.Name, requests, errors, run.RequestsPerSecond(ours: true), Median(results, r => r.P50Us), Median(results, r => r.P95Us), Median(results, r => r.P99Us)));
            await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                $"[throughput] {@case.Name}: ours {run.RequestsPerSecond(ours: true):#,0} req/s ({run.Client}, CPU {run.GeneratorCpuUs(ours: true):0.0} us/req, service {run.ServiceCpuUs(ours: true):0.0} us/req), {errors} errors of {requests}{(results.FirstOrDefault(r => r.FirstError is not null)?.FirstError is { } first ? " (first: " + first + ")" : string.Empty)}; ") +
                (run.Ratio is { } ratio
                    ? string.Create(CultureInfo.InvariantCulture, $"wrk {run.RequestsPerSecond(ours: false):#,0} req/s (CPU {run.GeneratorCpuUs(ours: false):0.0} us/req, service {run.ServiceCpuUs(ours: false):0.0} us/req); ours/wrk {DriverComparison.Ratio(ratio)}, service CPU ours/wrk {(run.ServiceCpuRatio is { } cpu ? DriverComparison.Ratio(cpu) : "-")}")
                    : $"wrk did not run: {wrkProblem}"));
        }

        return new ThroughputRun(rows, runs, DriverComparison.Markdown(runs, wrk is null ? problem : null), WcfOverWebApi(blocks));
    }

    /// <summary>The operation of a case named <c>{operation} ({stack})</c>.</summary>
    private static string Operation(string caseName) => caseName[..caseName.LastIndexOf(" (", StringComparison.Ordinal)];

    /// <summary>
    /// Per operation that ran on both, the WCF stand-in's correct answers per second over the controllers', from our blocks:
    /// each round's ratio of the two blocks timed in it, and a 95% t-interval over the rounds.
    /// </summary>
    private static Dictionary<string, Interval> WcfOverWebApi(Dictionary<string, List<DriverBlock>> blocks)
    {
        var ratios = new Dictionary<string, Interval>(StringComparer.Ordinal);
        foreach (var operation in ThroughputCases.Operations)
        {
            if (!blocks.TryGetValue(ThroughputCases.CaseName(operation, ThroughputCases.WcfWebHttp), out var wcf)
                || !blocks.TryGetValue(ThroughputCases.CaseName(operation, ThroughputCases.Controllers), out var webApi))
            {
                continue;
            }

            var rounds = wcf.Where(b => b.Ours).Join(webApi.Where(b => b.Ours), b => b.Round, b => b.Round, (w, c) => Math.Log(w.RequestsPerSecond / c.RequestsPerSecond)).ToList();
            if (rounds.Count >= 2)
            {
                ratios[operation] = PairInterval.Estimate([.. rounds.Select(r => (IReadOnlyList<double>)[r])], priorSpread: 0, priorWeight: 0, DriverRun.ConfidenceLevel).LogRatio.Map(Math.Exp);
            }
        }

        return ratios;
    }

    private static double? PerRequest(TimeSpan cpu, long requests) => requests > 0 ? cpu.TotalMicroseconds / requests : null;

    private static double Median(List<LoadResult> results, Func<LoadResult, double> value) => Quantiles.OfSorted([.. results.Select(value).Order()], 0.5);
}
