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
internal sealed record SuiteOptions(IReadOnlyList<int> Counts, string Output, bool Full, string? ThroughputOnly = null)
{
    public const string Usage = "usage: dotnet run -c Release --project tools/ReferenceSuite [-- --full] [--out DIR] [--throughput-only CASE|*]";

    public static SuiteOptions Parse(string[] args)
    {
        var full = false;
        var output = Path.Combine("artifacts", "reference");
        string? throughputOnly = null;
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
                default:
                    throw new ArgumentException($"unknown argument '{args[i]}'. {Usage}");
            }
        }

        return new SuiteOptions(full ? ReferenceCases.FullCounts : ReferenceCases.QuickCounts, output, full, throughputOnly);
    }
}
