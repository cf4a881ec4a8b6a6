using System.Globalization;
using System.Text;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Load.Testing;

/// <summary>What a load test measured and concluded: one verdict per budget, and every block behind them.</summary>
public sealed record LoadTestResult
{
    /// <summary>The test's name (the subject plan's, unless named).</summary>
    public required string Name { get; init; }

    /// <summary>The subject plan's name.</summary>
    public required string Subject { get; init; }

    /// <summary>The partner plan's name, when the subject was compared with one in the same run.</summary>
    public string? Partner { get; init; }

    /// <summary>One verdict per budget, the error budget first.</summary>
    public required IReadOnlyList<Verdict> Verdicts { get; init; }

    /// <summary>Every block, in the order they ran (warm-up rounds included, with negative round numbers).</summary>
    public required IReadOnlyList<LoadBlock> Blocks { get; init; }

    /// <summary>Whether an Inconclusive verdict fails.</summary>
    public required bool Strict { get; init; }

    /// <summary>Wall time of the whole test: worker start-up, warm-up and the measured rounds.</summary>
    public required TimeSpan Duration { get; init; }

    /// <summary>
    /// Where the two sides (builds, or plans) differ per request, when a comparison was diagnosed
    /// (<see cref="LoadOptions.Diagnosis"/>): the tables, or one line saying why there is none; <see langword="null"/> when
    /// none was asked for.
    /// </summary>
    public string? Diagnosis { get; init; }

    /// <summary>Whether any verdict fails the test.</summary>
    public bool Failed => Verdicts.Any(v => v.Fails(Strict));

    /// <summary>The worst outcome.</summary>
    public VerdictOutcome Outcome => Verdicts.Count == 0 ? VerdictOutcome.Pass : Verdicts.Max(v => v.Outcome);

    /// <summary>The verdicts' lines, then each side's median requests per second and latency percentiles over its measured blocks, then the diagnosis when there is one.</summary>
    public string Text
    {
        get
        {
            var text = new StringBuilder();
            text.AppendJoin(Environment.NewLine, Verdicts.Select(v => v.Message));
            foreach (var side in new[] { Subject, Partner }.OfType<string>())
            {
                var blocks = Blocks.Where(b => b.Side == side && b.Round >= 0).ToList();
                if (blocks.Count == 0)
                {
                    continue;
                }

                text.AppendLine().Append(CultureInfo.InvariantCulture,
                    $"  {side}: {VerdictFormatter.Number(Median(blocks.Select(b => b.RequestsPerSecond)))} requests/s, P50 {VerdictFormatter.Number(Median(blocks.Select(b => b.Result.P50Us)))} us, " +
                    $"P95 {VerdictFormatter.Number(Median(blocks.Select(b => b.Result.P95Us)))} us, P99 {VerdictFormatter.Number(Median(blocks.Select(b => b.Result.P99Us)))} us " +
                    $"(medians of {blocks.Count} blocks; {blocks.Sum(b => b.Result.Requests):#,0} requests, {blocks.Sum(b => b.Result.Errors):#,0} errors)");
            }

            if (Diagnosis is not null)
            {
                text.AppendLine().Append(Diagnosis);
            }

            return text.ToString();
        }
    }

    private static double Median(IEnumerable<double> values) => Quantiles.OfSorted([.. values.Order()], 0.5);
}
