using System.Globalization;
using System.Text;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// PerfAssert's own load driver beside wrk on the same endpoint, one after the other in the same run: the report's check
/// that the throughput figures measure the service, not the client (the goal: ours at least 0.9x wrk's), with each
/// generator's CPU time per request, so the cost of checking every answer is visible.
/// </summary>
public static class DriverComparison
{
    /// <summary>The share of wrk's rate PerfAssert's driver should reach.</summary>
    public const double Goal = 0.9;

    /// <summary>The report.md section; <paramref name="problem"/> says why wrk could not run, when it could not.</summary>
    public static string Markdown(IReadOnlyList<DriverRun> rows, string? problem)
    {
        ArgumentNullException.ThrowIfNull(rows);
        var text = new StringBuilder();
        text.AppendLine("## PerfAssert's driver beside wrk").AppendLine();
        text.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"The same endpoints loaded by wrk (Debian's package, `-t2 -c{ThroughputCases.Concurrency} --latency`, keep-alive, for as long as our run took, at least 1 s) right after PerfAssert's driver. wrk cannot check bodies: its rate counts every answer in 2xx/3xx; ours counts only correct answers. Goal: ours at least {Goal:0.0}x wrk's. Our driver runs in a worker process of its own (`PerfAssert.Load`, the generator column says `worker process`) on loopback targets, and in the test process, beside the targets, only for in-memory ones (`in-process`); in brackets, the client it sent through: `lean HTTP/1.1` (its own keep-alive connections over sockets, the request encoded once, answers parsed without allocating) for plain HTTP/1.1, `HttpMessageInvoker` (HttpClient's handler) for h2c and in memory. On a 2-core machine both load generators share the cores with the service, so the lighter client leaves it more CPU: the CPU columns are each generator's own CPU time (user and system) per request, ours the worker's `Process.TotalProcessorTime` over its measured run (warm-up and start-up excluded), wrk's from GNU time (`/usr/bin/time -f \"%U %S\"`) over its whole run; `-` where it is not known. The service's CPU per request is its process's CPU time over each run, divided by the requests answered (ours includes the worker's 2,000 warm-up requests). When service and generator keep both cores busy, requests/s is the cores over what one request costs both processes in CPU, so wrk's run's total over ours' is the ratio the CPU figures predict (`CPU-bound`): where the measured ratio is near it, the gap is the generators' CPU per request."));
        text.AppendLine();
        if (problem is not null)
        {
            text.AppendLine($"Not measured: {problem}.");
            return text.ToString();
        }

        text.AppendLine("| case | ours req/s | ours errors | wrk req/s | wrk non-2xx / socket errors | wrk P50 / P99 us | ours / wrk | ours CPU us/req | wrk CPU us/req | service CPU us/req (ours / wrk run) | ours / wrk if CPU-bound | our generator | |");
        text.AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|");
        foreach (var run in rows)
        {
            var (ours, wrk) = (run.Ours, run.Wrk);
            var generator = (ours.Generator == LoadGenerator.WorkerProcess ? "worker process" : "in-process") + (ours.Client is { } client ? $" ({client})" : string.Empty);
            if (wrk is null)
            {
                text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                    $"| {ours.Case} | {ours.RequestsPerSecond:#,0} | {ours.Errors} | - | - | - | - | {Cpu(ours.GeneratorCpuPerRequestUs)} | - | {Cpu(run.ServiceCpuOursUs)} / - | - | {generator} | wrk did not run |"));
                continue;
            }

            var ratio = ours.RequestsPerSecond / wrk.GoodRequestsPerSecond;
            var remark = ratio >= Goal ? "within the goal" : $"short of the goal by {(Goal - ratio) / Goal:0%}";
            text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"| {ours.Case} | {ours.RequestsPerSecond:#,0} | {ours.Errors} | {wrk.GoodRequestsPerSecond:#,0} | {wrk.Non2xx} / {wrk.SocketErrors} | {wrk.P50Us:0} / {wrk.P99Us:0} | {ratio:0.00}x | {Cpu(ours.GeneratorCpuPerRequestUs)} | {Cpu(wrk.CpuPerRequestUs)} | {Cpu(run.ServiceCpuOursUs)} / {Cpu(run.ServiceCpuWrkUs)} | {(run.CpuBoundRatio is { } predicted ? predicted.ToString("0.00", CultureInfo.InvariantCulture) + "x" : "-")} | {generator} | {remark} |"));
        }

        return text.ToString();
    }

    private static string Cpu(double? microseconds) =>
        microseconds is { } us ? us.ToString("0.0", CultureInfo.InvariantCulture) : "-";
}
