using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>Judges every relative budget between stacks, both sides measured interleaved in this run.</summary>
internal static class RelativePart
{
    public static async Task<List<PerfResult>> RunAsync(TargetEndpoints endpoints, TextWriter progress)
    {
        var results = new List<PerfResult>();
        foreach (var budget in ReferenceBudgets.All)
        {
            await using var subject = ReferenceCatalog.Open(budget.Subject, endpoints);
            await using var partner = ReferenceCatalog.Open(budget.Partner, endpoints);
            var result = await Perf.Measure(budget.Subject, subject.Operation)
                .Named($"{budget.Subject} vs {budget.Partner}")
                .ComparedTo(budget.Partner, partner.Operation)
                .MeanAtMost(budget.MaxRatio)
                .RunAsync();
            results.Add(result);
            await progress.WriteLineAsync("[budget] " + result.Verdicts[0].Message);
        }

        return results;
    }
}
