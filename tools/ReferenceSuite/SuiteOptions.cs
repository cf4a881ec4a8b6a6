using System.Globalization;
using PerfAssert.ReferenceSuite.Ratios;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>The main job's command line.</summary>
/// <param name="Counts">The item counts of the latency matrix.</param>
/// <param name="Output">Where the report is written.</param>
/// <param name="Full">Whether the full matrix runs.</param>
/// <param name="ThroughputOnly">
/// When set, only the throughput part runs, on the cases whose name contains it (<c>*</c>: every case), and only its
/// "driver beside wrk" section is printed: to re-measure our load generator against wrk without the rest of the job.
/// </param>
/// <param name="RatiosOnly">
/// When set, only the side-by-side ratio phase runs (each case timed briefly first to size its batches) and only its
/// section is printed: to re-measure the ratios and their intervals without the rest of the job.
/// </param>
/// <param name="FirstAndAgain">
/// When set, only the first-and-again check runs (<see cref="FirstAndAgainPart"/>): one case per protocol family measured
/// first in the process and again after ten other cases.
/// </param>
/// <param name="Unwarmed">
/// With <paramref name="FirstAndAgain"/>: no shared warm-up and no tiering wait, so the check can show it catches code
/// timed before promotion. Not for reports.
/// </param>
/// <param name="Pairs">With <paramref name="FirstAndAgain"/>: how many process pairs the check measures.</param>
/// <param name="WorkerRole">
/// When set, this process is one worker of a first-and-again pair (<see cref="FirstAndAgainWorker"/>), in this role; the
/// check starts its workers so, users do not.
/// </param>
/// <param name="Render">
/// When set, nothing is measured: the report is rendered again from this <c>results.json</c> (or the folder holding it)
/// into <paramref name="Output"/>, <c>perfassert-report</c> in the current directory unless <c>--out</c> says otherwise.
/// </param>
internal sealed record SuiteOptions(IReadOnlyList<int> Counts, string Output, bool Full, string? ThroughputOnly = null, bool RatiosOnly = false, bool FirstAndAgain = false, bool Unwarmed = false, string? Render = null, int Pairs = FirstAndAgainPart.Pairs, string? WorkerRole = null)
{
    public const string Usage = "usage: dotnet run -c Release --project tools/ReferenceSuite [-- --full] [--out DIR] [--throughput-only CASE|*] [--ratios-only] [--first-and-again [--pairs N]] [--render RESULTS [--out DIR]]";

    /// <summary>Where <c>--render</c> writes without <c>--out</c>: not beside the results, whose report.md has the run's own sections.</summary>
    public const string RenderFolder = "perfassert-report";

    /// <summary>
    /// How long each interleaved group of the ratio phase may measure. Some groups reach their precision before (see
    /// <see cref="RatioPart.Settings"/>); the caps keep the quick matrix within the main job's 5 minutes. They are shared
    /// out by how the groups scatter: with 15 s for the 0-item group and 7.5 s for each half of the 100-item one, the empty
    /// calls' widest interval was +-6% and the Large calls' +-15% (two runs on 2026-11-27); the interval narrows with the
    /// square root of the blocks, so 9 s, 5 s and 15 s aim at +-10% or better for every group in about the same time (with
    /// 10 s, 5 s and 18 s the widest were +-7.0%, +-5.4% and +-5.8%).
    /// </summary>
    public RatioCaps RatioCaps => Full
        ? new RatioCaps(TimeSpan.FromSeconds(20), TimeSpan.FromSeconds(10), TimeSpan.FromSeconds(36), TimeSpan.FromSeconds(10), TimeSpan.FromSeconds(20))
        : new RatioCaps(TimeSpan.FromSeconds(9), TimeSpan.FromSeconds(5), TimeSpan.FromSeconds(15), TimeSpan.FromSeconds(4), TimeSpan.FromSeconds(5));

    /// <summary>
    /// How each latency and todo case is measured. The full matrix takes the library's defaults. The quick matrix (the main
    /// job's 5-minute budget, 60 latency cases) caps warm-up at 1.5 s instead of 3 (a call of several milliseconds, one per sample,
    /// rarely gives three samples within 5% of each other, so its warm-up runs to the cap; the means come from the percentile
    /// phase, not from warm-up, so it is only the time before measuring that is cut), times per-call
    /// percentiles for 0.3 s (at least 10 calls, at most 1,000; the comparisons between cases come from the side-by-side
    /// ratio phase, not from these means) and counts allocations over repeats of 100 ms. Allocations stay exact per call;
    /// the means and percentiles of slow cases rest on fewer calls, which the report's P95/P99 columns carry.
    /// </summary>
    public PerfOptions Measurement => Full
        ? new PerfOptions()
        : new PerfOptions
        {
            MaxWarmupTime = TimeSpan.FromSeconds(1.5),
            PercentileTime = TimeSpan.FromSeconds(0.3),
            AllocationRepeatTime = TimeSpan.FromMilliseconds(100),
        };

    /// <summary>
    /// How the todo cases are measured: as <see cref="Measurement"/>, with the library's 3 s warm-up cap. Their bulk calls
    /// take 10 to 340 ms (ten clients moving 50,000 todos), so 1.5 s holds too few samples to see that the timings have
    /// stopped getting faster (the plateau test compares the medians of two sets of three), and the slowest ran to the cap
    /// unsettled; the quick ones settle within a second either way.
    /// </summary>
    public PerfOptions TodoMeasurement => Measurement with { MaxWarmupTime = TimeSpan.FromSeconds(3) };

    public static SuiteOptions Parse(string[] args)
    {
        var full = false;
        string? output = null;
        string? render = null;
        string? throughputOnly = null;
        var ratiosOnly = false;
        var firstAndAgain = false;
        var unwarmed = false;
        var pairs = FirstAndAgainPart.Pairs;
        string? workerRole = null;
        for (var i = 0; i < args.Length; i++)
        {
            switch (args[i])
            {
                case "--full":
                    full = true;
                    break;
                case "--out" when i + 1 < args.Length:
                    output = args[++i];
                    break;
                case "--throughput-only" when i + 1 < args.Length:
                    throughputOnly = args[++i];
                    break;
                case "--ratios-only":
                    ratiosOnly = true;
                    break;
                case "--first-and-again":
                    firstAndAgain = true;
                    break;
                case "--first-and-again-unwarmed":
                    firstAndAgain = true;
                    unwarmed = true;
                    break;
                case "--pairs" when i + 1 < args.Length && int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out var count) && count is >= 2 and <= 100:
                    pairs = count;
                    i++;
                    break;
                case "--first-and-again-worker" when i + 1 < args.Length && args[i + 1] is FirstAndAgainWorker.First or FirstAndAgainWorker.Again:
                    workerRole = args[++i];
                    break;
                case "--render" when i + 1 < args.Length:
                    render = args[++i];
                    break;
                default:
                    throw new ArgumentException($"unknown argument '{args[i]}'. {Usage}");
            }
        }

        output ??= render is null ? Path.Combine("artifacts", "reference") : RenderFolder;
        return new SuiteOptions(full ? ReferenceCases.FullCounts : ReferenceCases.QuickCounts, output, full, throughputOnly, ratiosOnly, firstAndAgain, unwarmed, render, pairs, workerRole);
    }
}
