using System.Globalization;
using System.Text;
using PerfAssert.ReferenceSuite.Ratios;
using PerfAssert.Statistics;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>The report's account of how its ratios were measured, and the Small-vs-Large pairs that check them.</summary>
public static class RatioSection
{
    /// <summary>Within this share of 1, two cases that do identical work agree.</summary>
    public const double Agreement = 0.10;

    /// <summary>A ratio with its interval, as the report prints it: <c>1.52x [1.47, 1.58]</c>.</summary>
    public static string Format(Interval ratio) => ratio.IsBounded
        ? string.Create(CultureInfo.InvariantCulture, $"{ratio.Estimate:0.00}x [{ratio.Lower:0.00}, {ratio.Upper:0.00}]")
        : string.Create(CultureInfo.InvariantCulture, $"{ratio.Estimate:0.00}x [unbounded]");

    /// <summary>An interval's reach from its estimate (<see cref="RatioBlocks.RelativeHalfWidth"/>): <c>+-4.2%</c>, or unbounded.</summary>
    public static string Reach(double halfWidth) =>
        double.IsFinite(halfWidth) ? string.Create(CultureInfo.InvariantCulture, $"+-{halfWidth:0.0%}") : "unbounded (too few blocks)";

    /// <summary>The section: how the ratios were measured, each group's blocks, time and precision, and Large over Small per stack.</summary>
    public static string Markdown(RatioTable table)
    {
        ArgumentNullException.ThrowIfNull(table);
        var settings = table.Settings;
        var text = new StringBuilder();
        text.AppendLine("## Ratios measured side by side");
        text.AppendLine();
        text.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"Every ratio of this report (the latency table's column against {RatioPart.ReferenceStack} and the published experiments' measured ratios) is measured side by side, after the per-case parts, never by dividing two means taken minutes apart. The cases of a group run in blocks: a block times each case once as a batch of about {settings.BatchTime.TotalMilliseconds:0} ms of calls, in a fresh random order and again in the reverse order, and gives one log-ratio per pair of cases. A ratio is the Hodges-Lehmann estimate over the blocks with its {settings.ConfidenceLevel:0%} signed-rank interval. A group adds blocks until every interval it prints reaches no further than {settings.TargetHalfWidth:0%} from its estimate, or until its time cap; a group stopped by its cap says so."));
        text.AppendLine();
        text.AppendLine("| group | cases | blocks | seconds | widest interval | stopped by |");
        text.AppendLine("|---|---:|---:|---:|---:|---|");
        foreach (var group in table.Groups)
        {
            text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"| {group.Title} | {group.Blocks.Cases.Count()} | {group.Blocks.Count} | {group.Elapsed.TotalSeconds:0.0} | {Reach(group.WidestHalfWidth)} | {(group.CapReached ? "time cap: wider than the target" : "precision reached")} |"));
        }

        text.AppendLine();
        text.AppendLine("### Large over Small, same stack and item count");
        text.AppendLine();
        text.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"With 0 items both cases send an empty list and do identical work, so, timed in the same blocks, they should agree within {Agreement:0%}. (With items, Small and Large are timed in groups of their own: a Large call's garbage was collected in the next Small batch.) Microseconds are the median over blocks of each block's time per call."));
        text.AppendLine();
        text.AppendLine("| stack | items | Small us | Large us | Large / Small | |");
        text.AppendLine("|---|---:|---:|---:|---:|---|");
        foreach (var large in ReferenceCases.Latency(ReferenceCases.FullCounts).Where(c => c.Large).OrderBy(c => c.Count).ThenBy(c => ReferenceNames.For(c.Stack), StringComparer.Ordinal))
        {
            var small = (large with { Large = false }).Name;
            if (table.Ratio(large.Name, small) is { } ratio)
            {
                var agree = large.Count != 0 ? "" : Math.Abs(ratio.Estimate - 1) <= Agreement ? "identical work: agrees" : "identical work: DISAGREES";
                text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                    $"| {ReferenceNames.For(large.Stack)} | {large.Count} | {table.MedianMicroseconds(small):#,0.0} | {table.MedianMicroseconds(large.Name):#,0.0} | {Format(ratio)} | {agree} |"));
            }
        }

        return text.ToString().TrimEnd();
    }
}
