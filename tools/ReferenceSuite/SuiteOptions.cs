using System.Globalization;
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
/// When set, only the side-by-side phase runs (after the shared warm-up and the per-case part, which sizes its batches)
/// and only its section is printed: to re-measure the means, ratios and their intervals without the rest of the job.
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
    /// How long the side-by-side phase measures, where every time the report prints comes from: the groups share it by
    /// their weights (<see cref="RatioPart.Plan"/>), over the phase's rounds. The quick matrix's two minutes are what the
    /// main job's five leave after the build, the warm-up, the allocations and the throughput part.
    /// </summary>
    public TimeSpan PhaseTime => Full ? TimeSpan.FromMinutes(6) : TimeSpan.FromMinutes(2);

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
