using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>The main job's command line.</summary>
internal sealed record SuiteOptions(IReadOnlyList<int> Counts, string Output, bool Full)
{
    public const string Usage = "usage: dotnet run -c Release --project tools/ReferenceSuite [-- --full] [--out DIR]";

    public static SuiteOptions Parse(string[] args)
    {
        var full = false;
        var output = Path.Combine("artifacts", "reference");
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
                default:
                    throw new ArgumentException($"unknown argument '{args[i]}'. {Usage}");
            }
        }

        return new SuiteOptions(full ? ReferenceCases.FullCounts : ReferenceCases.QuickCounts, output, full);
    }
}
