using System.Globalization;
using System.Text;
using PerfAssert.Statistics;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// PerfAssert's own load worker beside wrk on the same endpoint, blocks interleaved in the same run: the report's check that
/// the throughput figures measure the service, not the client (the goals: ours at least 0.9x wrk's rate, and the service's CPU
/// per request under ours within 10% of its CPU under wrk), with each generator's CPU time per request, so the cost of
/// checking every answer is visible.
/// </summary>
public static class DriverComparison
{
    /// <summary>The share of wrk's rate PerfAssert's driver should reach.</summary>
    public const double Goal = 0.9;

    /// <summary>How much more CPU per request the service may spend under our driver than under wrk.</summary>
    public const double ServiceCpuGoal = 1.10;

    /// <summary>The report.md section; <paramref name="problem"/> says why wrk could not run, when it could not.</summary>
    public static string Markdown(IReadOnlyList<DriverRun> rows, string? problem)
    {
        ArgumentNullException.ThrowIfNull(rows);
        var text = new StringBuilder();
        text.AppendLine("## PerfAssert's driver beside wrk").AppendLine();
        text.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"Each endpoint loaded at concurrency {ThroughputCases.Concurrency} by PerfAssert's load worker and by wrk (Debian's package, `-t2 -c{ThroughputCases.Concurrency} --latency`, keep-alive) in blocks of {ThroughputPart.Block.TotalSeconds:0.#} s, interleaved in {ThroughputPart.Rounds} rounds: in each, ours loads every endpoint of an operation once, then wrk each in the reverse order, and the next round the other way round, so a drift of the machine or the service weighs on both alike; the round is the unit, and the intervals are {DriverRun.ConfidenceLevel:0%} t-intervals over the rounds' ratios. wrk cannot check bodies: its rate counts every answer in 2xx/3xx; ours counts only correct answers. Our worker is one process for every endpoint's blocks (`PerfAssert.Load` in session mode, connections kept open between blocks; wrk opens its connections in each block); in brackets, the client it sent through (`lean HTTP/1.1`: its own keep-alive connections, polled by an event loop per core on Linux, the request encoded once, answers parsed without allocating). Goals: ours at least {Goal:0.0}x wrk's rate, and the service's CPU per request under ours at most {ServiceCpuGoal:0.00}x its CPU under wrk. On a 2-core machine both generators share the cores with the service, so the lighter client leaves it more CPU: the CPU columns are each generator's own CPU time (user and system) per request, ours the worker's `Process.TotalProcessorTime` over each block, wrk's from GNU time (`/usr/bin/time -f \"%U %S\"`) over each run; the service's is its process's CPU time over each block over the requests answered in it; `-` where it is not known."));
        text.AppendLine();
        if (problem is not null)
        {
            text.AppendLine($"Not measured: {problem}.");
            return text.ToString();
        }

        text.AppendLine("| case | ours req/s | ours errors | wrk req/s | wrk non-2xx / socket errors | ours / wrk | ours CPU us/req | wrk CPU us/req | service CPU us/req (ours / wrk) | service CPU ours / wrk | our client | |");
        text.AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|");
        foreach (var run in rows)
        {
            if (run.Ratio is not { } ratio)
            {
                text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                    $"| {run.Case} | {run.RequestsPerSecond(ours: true):#,0} | {run.OurErrors} | - | - | - | {Cpu(run.GeneratorCpuUs(ours: true))} | - | {Cpu(run.ServiceCpuUs(ours: true))} / - | - | {run.Client} | wrk did not run{(run.WrkProblem is null ? string.Empty : ": " + run.WrkProblem)} |"));
                continue;
            }

            var service = run.ServiceCpuRatio;
            var shortfalls = new List<string>();
            if (ratio.Estimate < Goal)
            {
                shortfalls.Add($"rate short of the goal by {(Goal - ratio.Estimate) / Goal:0%}");
            }

            if (service is { } cpu && cpu.Estimate > ServiceCpuGoal)
            {
                shortfalls.Add($"service CPU {cpu.Estimate - 1:0%} over wrk's");
            }

            if (RatioSection.WhyWideRounds(ratio, run.RoundScatter, ThroughputPart.Rounds) is { } why)
            {
                shortfalls.Add(why);
            }

            var remark = shortfalls.Count == 0 ? "within the goals" : string.Join("; ", shortfalls);
            text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"| {run.Case} | {run.RequestsPerSecond(ours: true):#,0} | {run.OurErrors} | {run.RequestsPerSecond(ours: false):#,0} | {run.WrkNon2xx} / {run.WrkSocketErrors} | {Ratio(ratio)} | {Cpu(run.GeneratorCpuUs(ours: true))} | {Cpu(run.GeneratorCpuUs(ours: false))} | {Cpu(run.ServiceCpuUs(ours: true))} / {Cpu(run.ServiceCpuUs(ours: false))} | {(service is { } s ? Ratio(s) : "-")} | {run.Client} | {remark} |"));
        }

        return text.ToString();
    }

    /// <summary>A ratio with its interval: <c>1.02x [0.98, 1.06]</c>.</summary>
    public static string Ratio(Interval ratio) =>
        string.Create(CultureInfo.InvariantCulture, $"{ratio.Estimate:0.00}x [{ratio.Lower:0.00}, {ratio.Upper:0.00}]");

    private static string Cpu(double? microseconds) =>
        microseconds is { } us ? us.ToString("0.0", CultureInfo.InvariantCulture) : "-";
}
