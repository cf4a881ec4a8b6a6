using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>Judges every relative budget between stacks with PerfAssert's own verdicts, both sides measured interleaved in this run.</summary>
internal static class RelativePart
{
    public static async Task<List<PerfResult>> RunAsync(OpenCases cases, TextWriter progress)
    {
        var results = new List<PerfResult>();
        foreach (var budget in ReferenceBudgets.All)
        {
            var result = await Perf.Measure(budget.Subject, cases[budget.Subject])
                .Named($"{budget.Subject} vs {budget.Partner}")
                .ComparedTo(budget.Partner, cases[budget.Partner])
                .MeanAtMost(budget.MaxRatio)
                .RunAsync();
            results.Add(result);
            await progress.WriteLineAsync("[budget] " + result.Verdicts[0].Message);
        }

        return results;
    }
}
