using System.Text;
using PerfAssert.Verdicts;

namespace PerfAssert.BenchmarkDotNet.Json;

/// <summary>A pull-request summary of a judged BenchmarkDotNet export: a headline, a table of every verdict, and the messages.</summary>
public static class BenchmarkDotNetMarkdown
{
    /// <summary>Renders the verdicts <see cref="BenchmarkDotNetJudge.Judge"/> gave for <paramref name="report"/> against <paramref name="baselinePath"/>.</summary>
    public static string Render(BenchmarkDotNetReport report, string baselinePath, IReadOnlyList<Verdict> verdicts)
    {
        ArgumentNullException.ThrowIfNull(report);
        ArgumentNullException.ThrowIfNull(verdicts);
        var failed = verdicts.Count(v => v.Fails(strict: false));
        var text = new StringBuilder();
        text.Append("# BenchmarkDotNet results: ").Append(failed == 0 ? "no regression" : $"{failed} failing verdict{(failed == 1 ? string.Empty : "s")}").Append('\n').Append('\n');
        text.Append("`").Append(report.Path).Append("` (BenchmarkDotNet ").Append(report.ToolVersion).Append(") against `").Append(baselinePath).Append("`. ");
        text.Append("Allocations are judged; timings come from BenchmarkDotNet's own processes and are advisory.\n\n");
        text.Append("| benchmark | metric | measured | budget | outcome |\n|---|---|---|---|---|\n");
        foreach (var verdict in verdicts)
        {
            var outcome = verdict.Outcome + (verdict.Advisory ? " (advisory)" : string.Empty);
            text.Append("| ").Append(Cell(verdict.Subject)).Append(" | ").Append(verdict.Metric).Append(" | ")
                .Append(VerdictFormatter.Number(verdict.Measured.Estimate)).Append(' ').Append(verdict.Unit).Append(" | ")
                .Append(VerdictFormatter.Budget(verdict)).Append(" | ").Append(outcome).Append(" |\n");
        }

        text.Append("\n## Messages\n\n");
        foreach (var verdict in verdicts)
        {
            text.Append("- ").Append(Cell(verdict.Message)).Append('\n');
        }

        return text.ToString();
    }

    private static string Cell(string text) => text.Replace("|", "\\|", StringComparison.Ordinal);
}
