using System.Globalization;
using System.Text;
using PerfAssert.ReferenceSuite.Ratios;
using PerfAssert.Statistics;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>The report's account of how its times were measured, the Small-vs-Large pairs that check them, and every interval wider than the report needs.</summary>
public static class RatioSection
{
    /// <summary>Within this share of 1, two cases that do identical work agree.</summary>
    public const double Agreement = 0.10;

    /// <summary>How far from its estimate a printed interval may reach before the report says why.</summary>
    public const double Needed = 0.10;

    /// <summary>A ratio with its interval, as the report prints it: <c>1.52x [1.47, 1.58]</c>.</summary>
    public static string Format(Interval ratio) => ratio.IsBounded
        ? string.Create(CultureInfo.InvariantCulture, $"{ratio.Estimate:0.00}x [{ratio.Lower:0.00}, {ratio.Upper:0.00}]")
        : string.Create(CultureInfo.InvariantCulture, $"{ratio.Estimate:0.00}x [unbounded]");

    /// <summary>A mean in microseconds with its interval: <c>141.0 [135.2, 147.3]</c>.</summary>
    public static string Mean(Interval mean) => mean.IsBounded
        ? string.Create(CultureInfo.InvariantCulture, $"{mean.Estimate:#,0.0} [{mean.Lower:#,0.0}, {mean.Upper:#,0.0}]")
        : string.Create(CultureInfo.InvariantCulture, $"{mean.Estimate:#,0.0} [unbounded]");

    /// <summary>An interval's reach from its estimate (<see cref="RatioBlocks.RelativeHalfWidth"/>): <c>+-4.2%</c>, or unbounded.</summary>
    public static string Reach(double halfWidth) =>
        double.IsFinite(halfWidth) ? string.Create(CultureInfo.InvariantCulture, $"+-{halfWidth:0.0%}") : "unbounded (too few blocks)";

    /// <summary>
    /// Why a ratio's interval reaches further than <see cref="Needed"/>, in a reader's words, or null when it does not: how
    /// much one block's ratio scatters, and how many blocks <see cref="Needed"/> would have taken.
    /// </summary>
    public static string? WhyWide(RatioTable table, string numerator, string denominator)
    {
        ArgumentNullException.ThrowIfNull(table);
        if (table.Group(numerator, denominator) is not { } group || table.Ratio(numerator, denominator) is not { } ratio)
        {
            return null;
        }

        var reach = RatioBlocks.RelativeHalfWidth(ratio);
        if (reach <= Needed)
        {
            return null;
        }

        var blocks = group.Blocks.Count;
        if (!double.IsFinite(reach))
        {
            return string.Create(CultureInfo.InvariantCulture, $"only {blocks} blocks, too few to bound it");
        }

        // The half-width shrinks with the square root of the blocks.
        var needed = (int)Math.Ceiling(blocks * Math.Pow(Math.Log(1 + reach) / Math.Log(1 + Needed), 2));
        var seconds = group.Elapsed.TotalSeconds / blocks * (needed - blocks);
        return string.Create(CultureInfo.InvariantCulture,
            $"one block's ratio scatters by {group.Blocks.BlockScatter(numerator, denominator):0%} about it (one standard deviation: the calls' own times scatter, and the collections a call's garbage triggers land in whichever batch runs then), so {blocks} blocks bound it to {Reach(reach)}; {Needed:0%} would take about {needed:#,0} blocks, {seconds:#,0} s more of this group");
    }

    /// <summary>
    /// Why a ratio measured over rounds (the throughput and NetTcp configuration parts) has an interval reaching further
    /// than <see cref="Needed"/>, or null when it does not.
    /// </summary>
    public static string? WhyWideRounds(Interval ratio, double roundScatter, int rounds)
    {
        var reach = RatioBlocks.RelativeHalfWidth(ratio);
        return reach <= Needed
            ? null
            : string.Create(CultureInfo.InvariantCulture, $"interval {Reach(reach)}: the {rounds} rounds' ratios scatter by {roundScatter:0%} (one standard deviation), and {rounds} rounds leave a t-interval {Reach(reach)} wide");
    }

    /// <summary>Every case's mean with its interval and its P95, group by group: what <c>--ratios-only</c> prints after the section.</summary>
    public static string Means(ReportedTimes times)
    {
        ArgumentNullException.ThrowIfNull(times);
        var table = times.Table;
        var text = new StringBuilder();
        text.AppendLine("| group | case | mean us | P95 us |");
        text.AppendLine("|---|---|---:|---:|");
        foreach (var group in table.Groups)
        {
            foreach (var name in group.Blocks.Cases)
            {
                text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                    $"| {group.Title} | {name} | {Mean(times.Mean(name)!.Value)} | {group.Blocks.Calls(name)!.P95Ns * times.Scale(name) / 1000:#,0.0} |"));
            }
        }

        return text.ToString().TrimEnd();
    }

    /// <summary>The section: how the times were measured, each group's blocks, time and precision, Large over Small per stack, and the wide intervals.</summary>
    public static string Markdown(ReportedTimes times)
    {
        ArgumentNullException.ThrowIfNull(times);
        var table = times.Table;
        var settings = table.Settings;
        var text = new StringBuilder();
        text.AppendLine("## How the times were measured: side by side");
        text.AppendLine();
        text.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"Every time this report prints (a case's mean with its interval, its P95, the latency table's column against {RatioPart.ReferenceStack}, the floor ratios and the published experiments' measured ratios) comes from one phase, never from a case timed on its own at one moment. The cases form groups; the cases of a group run in blocks: a block times each case once as a batch of about {settings.BatchTime.TotalMilliseconds:0} ms of calls (after two untimed calls for calls under a millisecond, one for calls under 10 ms: the first calls after another case's pay for the caches it took over), in a fresh random order and again in the reverse order. The groups take turns in {settings.Rounds} rounds spread over the whole phase, so every case is timed across the same stretch of the machine's history, whose speed drifts by up to 15% over tens of seconds."));
        text.AppendLine();
        text.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"A case's mean is its time over its calls; its {settings.ConfidenceLevel:0%} interval is a t-interval over the rounds (a mean, unlike a ratio, does not cancel the machine's drift, so a round, not a block, is one observation of it). A ratio is the quotient of two means, so the table's means and ratios are one estimate; its {settings.ConfidenceLevel:0%} interval is the delta method's over the blocks, whose paired times cancel the drift. P95 is over every timed call. The phase aims at intervals within {settings.TargetHalfWidth:0%} of their estimate and gives a group that reached it a quarter of its share of the later rounds."));
        text.AppendLine();
        text.AppendLine("| group | cases | blocks | seconds | widest ratio interval |");
        text.AppendLine("|---|---:|---:|---:|---:|");
        foreach (var group in table.Groups)
        {
            text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"| {group.Title} | {group.Blocks.Cases.Count()} | {group.Blocks.Count:#,0} | {group.Elapsed.TotalSeconds:0.0} | {Reach(group.WidestHalfWidth(settings.ConfidenceLevel))} |"));
        }

        text.AppendLine();
        text.AppendLine("### Large over Small, same stack and item count");
        text.AppendLine();
        text.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"With 0 items both cases send an empty list and do identical work, so, timed in the same blocks, their means should agree within {Agreement:0%}. (With items, Small and Large are timed in groups of their own: a Large call's garbage was collected in the next Small batch.)"));
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
                    $"| {ReferenceNames.For(large.Stack)} | {large.Count} | {Mean(times.Mean(small)!.Value)} | {Mean(times.Mean(large.Name)!.Value)} | {Format(ratio)} | {agree} |"));
            }
        }

        var wide = table.Groups.SelectMany(g => g.Pairs).Select(p => (Pair: p, Why: WhyWide(table, p.Numerator, p.Denominator))).Where(w => w.Why is not null).ToList();
        text.AppendLine();
        text.AppendLine("### Intervals wider than the report needs");
        text.AppendLine();
        if (wide.Count == 0)
        {
            text.AppendLine(string.Create(CultureInfo.InvariantCulture, $"None: every mean and ratio measured in this phase has an interval within {Needed:0%} of its estimate."));
        }
        else
        {
            text.AppendLine(string.Create(CultureInfo.InvariantCulture, $"Every other mean and ratio of this phase has an interval within {Needed:0%} of its estimate; these do not, and why:"));
            text.AppendLine();
            foreach (var (pair, why) in wide)
            {
                // A case's ratio to the yardstick is its mean's interval (ReportedTimes).
                text.AppendLine(pair.Denominator == Yardstick.Name
                    ? string.Create(CultureInfo.InvariantCulture, $"- the mean of {pair.Numerator}, {Mean(times.Mean(pair.Numerator)!.Value)} us, by its ratio to the yardstick: {why}.")
                    : string.Create(CultureInfo.InvariantCulture, $"- {pair.Numerator} / {pair.Denominator} {Format(table.Ratio(pair.Numerator, pair.Denominator)!.Value)}: {why}."));
            }
        }

        return text.ToString().TrimEnd();
    }
}
