using System.Globalization;
using System.Text;
using PerfAssert.Environments;
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
        double.IsFinite(halfWidth) ? string.Create(CultureInfo.InvariantCulture, $"+-{halfWidth:0.0%}") : "unbounded (too few rounds)";

    /// <summary>What widened an interval that reaches further than <see cref="Needed"/>, and what <see cref="Needed"/> would have cost.</summary>
    /// <param name="Reach">How far the interval reaches from its estimate (<see cref="RatioBlocks.RelativeHalfWidth"/>).</param>
    /// <param name="RoundScatter">How far the figure moved from round to round: one standard deviation, relative.</param>
    /// <param name="Rounds">The rounds the interval rests on.</param>
    /// <param name="BlocksPerRound">The group's blocks per round, on average.</param>
    /// <param name="SecondsMore">About how much more of its group's time an interval within <see cref="Needed"/> would take (the half-width shrinks with the square root of the time); NaN when unbounded.</param>
    public sealed record Widening(double Reach, double RoundScatter, int Rounds, double BlocksPerRound, double SecondsMore);

    /// <summary>What widened a ratio's interval beyond <see cref="Needed"/>, or null when it is within it.</summary>
    public static Widening? Wide(RatioTable table, string numerator, string denominator)
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

        var rounds = group.Blocks.Rounds;
        var seconds = double.IsFinite(reach) ? group.Elapsed.TotalSeconds * (Math.Pow(Math.Log(1 + reach) / Math.Log(1 + Needed), 2) - 1) : double.NaN;
        return new Widening(reach, group.Blocks.RoundScatter(numerator, denominator), rounds, group.Blocks.Count / (double)Math.Max(rounds, 1), seconds);
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

    /// <summary>What the JIT ran with, and what that means for the times: the suite's own settings start promotion at once.</summary>
    public static string JitSettings(TieringSettings tiering) => tiering.CallCountingDelayMs == 0
        ? string.Create(CultureInfo.InvariantCulture, $"The JIT ran tiered with dynamic PGO as production runs it ({tiering}), and promoted hot code without the runtime's call-counting delay (100 ms by default, which waits until no new method has been called for that long, and a process calling sixty services' code rarely gets there), so the shared warm-up before the phase left the code the JIT settles on, not code it was still promoting.")
        : string.Create(CultureInfo.InvariantCulture, $"The JIT ran with {tiering}: promotion of hot code waited until no new method had been called for {tiering.CallCountingDelayMs} ms, which a process calling sixty services' code rarely gets to, so some times may be of code the JIT was still promoting (the suite's own settings turn the delay off).");

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
            $"Every time this report prints (a case's mean with its interval, its P95, the latency table's column against {RatioPart.ReferenceStack}, the floor ratios and the published experiments' measured ratios) comes from one phase, never from a case timed on its own at one moment. The cases form groups; the cases of a group run in blocks: a block times each case once as a batch of about {settings.BatchTime.TotalMilliseconds:0} ms of calls (after two untimed calls for calls under a millisecond, one for calls under 10 ms: the first calls after another case's pay for the caches it took over), in a fresh random order and again in the reverse order. The groups take turns in {settings.Rounds} rounds spread over the whole phase, so every case is timed across the same stretch of the machine's history, whose speed drifts by up to 15% over tens of seconds; every round after the first opens new clients, and so new connections, to every service, because the threads a connection's work lands on can make a stack faster or slower for as long as it lives."));
        text.AppendLine();
        text.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"A case's mean is its time over its calls, and a ratio the quotient of two means, so the table's means and ratios are one estimate. Each {settings.ConfidenceLevel:0%} interval is a t-interval over the rounds, from how far the rounds' own means (or quotients of means) scatter: a round, not a block, is one observation, since its blocks share one set of connections and one stretch of the machine's drift. P95 is over every timed call. The phase aims at intervals within {settings.TargetHalfWidth:0%} of their estimate and gives a group that reached it a quarter of its share of the later rounds."));
        text.AppendLine();
        text.AppendLine(JitSettings(TieringSettings.Current));
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

        var wide = table.Groups.SelectMany(g => g.Pairs.SelectMany(p => Wide(table, p.Numerator, p.Denominator) is { } widening
            ? [(Group: g, Pair: p, Widening: widening)]
            : Array.Empty<(RatioGroupResult Group, RatioPair Pair, Widening Widening)>())).ToList();
        text.AppendLine();
        text.AppendLine("### Intervals wider than the report needs");
        text.AppendLine();
        if (wide.Count == 0)
        {
            text.AppendLine(string.Create(CultureInfo.InvariantCulture, $"None: every mean and ratio measured in this phase has an interval within {Needed:0%} of its estimate."));
        }
        else
        {
            text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"Every other mean and ratio of this phase has an interval within {Needed:0%} of its estimate; these {wide.Count} do not. What widens them is how far the figure moved from one round to the next (one standard deviation, in the table): a round times each case in only a few blocks, whose calls scatter on their own (a loopback call is fast or slow by a factor of two for stretches of a batch), the collections a call's garbage triggers land in whichever batch runs then, and each round's new connections run on threads of their own, which make a stack faster or slower for as long as they live. The interval shrinks with the square root of the time its group is given; the last column says about how much more {Needed:0%} would take. A mean's interval is its ratio's to the yardstick."));
            text.AppendLine();
            text.AppendLine(string.Create(CultureInfo.InvariantCulture, $"| group | figure | estimate [interval] | reach | moved round to round | rounds x blocks | s more for {Needed:0%} |"));
            text.AppendLine("|---|---|---:|---:|---:|---:|---:|");
            foreach (var (group, pair, widening) in wide)
            {
                var figure = pair.Denominator == Yardstick.Name
                    ? string.Create(CultureInfo.InvariantCulture, $"mean of {pair.Numerator}, us")
                    : string.Create(CultureInfo.InvariantCulture, $"{pair.Numerator} / {pair.Denominator}");
                var value = pair.Denominator == Yardstick.Name ? Mean(times.Mean(pair.Numerator)!.Value) : Format(table.Ratio(pair.Numerator, pair.Denominator)!.Value);
                text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                    $"| {group.Title} | {figure} | {value} | {Reach(widening.Reach)} | {widening.RoundScatter:0%} | {widening.Rounds} x {widening.BlocksPerRound:0} | {(double.IsFinite(widening.SecondsMore) ? Math.Max(1, Math.Ceiling(widening.SecondsMore)).ToString("#,0", CultureInfo.InvariantCulture) : "-")} |"));
            }
        }

        return text.ToString().TrimEnd();
    }
}
