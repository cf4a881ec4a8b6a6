using System.Diagnostics;
using System.Globalization;
using PerfAssert.ReferenceSuite.Ratios;
using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Statistics;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// The side-by-side phase, where every time the report prints is measured: each case's mean, percentiles and ratios. Its
/// cases form groups (one per latency item count and size, the data-stream cases, the quick and the bulk todo calls); a
/// group's cases run in interleaved blocks, and the groups take turns in rounds spread over the whole phase, so every case
/// is timed across the same stretch of the machine's history rather than in a window of its own.
/// </summary>
internal static class RatioPart
{
    /// <summary>The stack every latency case is compared with, at the same size and item count.</summary>
    public const string ReferenceStack = "WcfText";

    /// <summary>The todo operations, longest name first so that a name's operation is found by its prefix.</summary>
    private static readonly string[] TodoOperations = ["SendOne", "Send", "First", "Get"];

    /// <summary>
    /// 95% intervals, aiming at 5% from their estimate (the report reads ratios against a 10% parity band, and two cases
    /// doing identical work must agree within 10%); batches of 2 ms with untimed calls before each; twenty rounds (six
    /// seconds each in the quick run), each with new connections, so every interval rests on twenty stretches of the phase
    /// and twenty sets of connections (the machine's speed drifts by up to 15% over tens of seconds, and one connection's
    /// threads made a gRPC stack 27% slower in one process than in the next). Twelve rounds at 99% left about twice as many
    /// intervals wider than 10%.
    /// </summary>
    public static RatioSettings Settings { get; } = new(0.95, 0.05, TimeSpan.FromMilliseconds(2), 20);

    /// <summary>
    /// The phase's groups. Small and Large are timed apart when there are items: a Large call's megabytes of garbage were
    /// collected in whichever batch came next, and in one group the Small cases' intervals were about three times as wide.
    /// At 0 items both allocate alike and are timed together with the floor, which checks identical work and the floor at
    /// once. Every group also times the yardstick (<see cref="Yardstick"/>). The weights share the phase's time by what each group needs for its intervals: the blocks of the 0-item calls
    /// and of the Large calls scatter the most. The bulk todo calls with ten clients (0.04 to 0.6 s a call) run with --full
    /// only: the quick run's time would give them too few blocks to say anything.
    /// </summary>
    public static IReadOnlyList<RatioGroupPlan> Plan(IReadOnlyList<int> counts, bool full)
    {
        var plan = new List<RatioGroupPlan>();
        // The yardstick runs in every group: the report gives each case's mean at the machine's usual speed by its ratio to
        // the yardstick timed in the same blocks (ReportedTimes).
        RatioGroupPlan Group(string title, IEnumerable<string> names, IEnumerable<RatioPair> pairs, double weight)
        {
            var cases = names.ToList();
            return new(title, [.. cases, Yardstick.Name], [.. pairs, .. cases.Select(c => new RatioPair(c, Yardstick.Name))], weight);
        }

        foreach (var count in counts)
        {
            var all = ReferenceCases.Latency([count]).ToList();
            if (count == 0)
            {
                var floorPairs = all.Where(c => !c.Large).Select(c => new RatioPair(c.Name, OpenCases.Floor));
                plan.Add(Group($"latency, {count} items", [.. all.Select(c => c.Name), OpenCases.Floor], [.. LatencyPairs(all), .. floorPairs], 0.36));
                continue;
            }

            var small = all.Where(c => !c.Large).ToList();
            var smallPairs = LatencyPairs(small).ToList();
            if (count == ClientStreamingPart.Items)
            {
                smallPairs.Add(ClientStreamingPart.Pair);
            }

            plan.Add(Group($"latency Small, {count} items", small.Select(c => c.Name), smallPairs, 0.12 * Cost(count)));
            var large = all.Where(c => c.Large).ToList();
            plan.Add(Group($"latency Large, {count} items", large.Select(c => c.Name), LatencyPairs(large), 0.26 * Cost(count)));
        }

        var dataStream = DataStreamCases.All.Select(c => c.Name).ToList();
        plan.Add(Group("data stream", dataStream, dataStream.Where(n => n != DataStreamNetTcp).Select(n => new RatioPair(n, DataStreamNetTcp)), 0.04));
        var todos = TodoCases.All.Select(c => c.Name).ToList();
        var quick = todos.Where(n => !BulkTodo(n)).ToList();
        plan.Add(Group("todo First and SendOne, 1 and 10 clients", quick, TodoPairs(quick), 0.10));
        foreach (var clients in full ? TodoCases.Concurrency : [TodoCases.Concurrency.Min()])
        {
            var bulk = todos.Where(n => BulkTodo(n) && n.EndsWith(string.Create(CultureInfo.InvariantCulture, $"-c{clients}"), StringComparison.Ordinal)).ToList();
            plan.Add(Group(string.Create(CultureInfo.InvariantCulture, $"todo Get and Send, {clients} client{(clients == 1 ? "" : "s")}"), bulk, TodoPairs(bulk), 0.12));
        }

        return plan;
    }

    /// <summary>
    /// Runs the phase for <paramref name="time"/>: the groups in rounds, each round giving each group its share of the time
    /// left (a group whose intervals already reach the target gets a quarter of its share from the third round on). The
    /// first round runs on <paramref name="cases"/>; every later one opens the cases anew with <paramref name="open"/> (new
    /// clients, so new connections), and closes them after it.
    /// </summary>
    public static async Task<RatioTable> RunAsync(OpenCases cases, Func<Task<OpenCases>> open, IReadOnlyList<RatioGroupPlan> plan, IReadOnlyDictionary<string, double> meanNanoseconds, TimeSpan time, TextWriter progress)
    {
        var settings = Settings;
        List<RatioGroup> Bind(OpenCases opened) => [.. plan.Select(p => new RatioGroup(p.Title, [.. p.Names.Select(n => Case(n, opened[n], meanNanoseconds[n]))], p.Pairs, p.Weight))];
        var groups = Bind(cases);
        var blocks = groups.Select(g => new RatioBlocks(g.Cases.Select(c => c.Name))).ToList();
        var elapsed = new TimeSpan[groups.Count];
        var random = new Random();
        var started = Stopwatch.GetTimestamp();
        for (var round = 0; round < settings.Rounds; round++)
        {
            var weights = groups.Select((g, i) => round >= 2 && Widest(groups[i], blocks[i], settings) <= settings.TargetHalfWidth ? g.Share / 4 : g.Share).ToArray();
            var left = time - Stopwatch.GetElapsedTime(started);
            var order = Enumerable.Range(0, groups.Count).ToArray();
            random.Shuffle(order);
            await using var fresh = round == 0 ? null : await open();
            if (fresh is not null)
            {
                groups = Bind(fresh);
            }

            foreach (var i in order)
            {
                var slice = left * (weights[i] / weights.Sum()) / (settings.Rounds - round);
                elapsed[i] += await RatioRunner.RunAsync(groups[i], blocks[i], round, slice, random);
            }

            await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                $"[side by side] round {round + 1}/{settings.Rounds} at {Stopwatch.GetElapsedTime(started).TotalSeconds:0} s, widest intervals: {string.Join(", ", groups.Select((g, i) => $"{g.Title} {RatioSection.Reach(Widest(g, blocks[i], settings))}"))}"));
        }

        return new RatioTable([.. groups.Select((g, i) => new RatioGroupResult(g.Title, blocks[i], g.Pairs, elapsed[i]))], settings);
    }

    /// <summary>The latency table's column: every latency case over the reference stack of its size and item count, side by side.</summary>
    public static Dictionary<string, Interval> ReferenceRatios(RatioTable table, IReadOnlyList<int> counts)
    {
        var ratios = new Dictionary<string, Interval>(StringComparer.Ordinal);
        foreach (var latencyCase in ReferenceCases.Latency(counts).Where(c => c.Name != ReferenceOf(c)))
        {
            if (table.Ratio(latencyCase.Name, ReferenceOf(latencyCase)) is { } ratio)
            {
                ratios[latencyCase.Name] = ratio;
            }
        }

        return ratios;
    }

    /// <summary>The data-stream case every other is compared with, as the published experiment compared gRPC with NetTcp.</summary>
    public static string DataStreamNetTcp => DataStreamCases.All.Single(c => c.Name.StartsWith("DataStreamWcfNetTcpTuned", StringComparison.Ordinal)).Name;

    /// <summary>The latency case a case's "vs WcfText" ratio divides by: the reference stack at the same size and item count.</summary>
    public static string ReferenceOf(ReferenceCase referenceCase) =>
        string.Create(CultureInfo.InvariantCulture, $"{(referenceCase.Large ? "Large" : "Small")}{ReferenceStack}-{referenceCase.Count}");

    private static RatioCase Case(string name, Func<CancellationToken, Task> operation, double meanNanoseconds) =>
        new(name, operation, Settings.CallsPerBatch(meanNanoseconds), RatioSettings.UntimedCalls(meanNanoseconds));

    private static double Widest(RatioGroup group, RatioBlocks blocks, RatioSettings settings) =>
        new RatioGroupResult(group.Title, blocks, group.Pairs, TimeSpan.Zero).WidestHalfWidth(settings.ConfidenceLevel);

    /// <summary>How much longer a group's calls take with more items, relative to 100: more time for the full matrix's 1000.</summary>
    private static double Cost(int count) => count >= 1000 ? 2 : 1;

    /// <summary>Each case over the reference stack of its size, and each stack's Large over its Small when both are in the group.</summary>
    private static List<RatioPair> LatencyPairs(List<ReferenceCase> cases) =>
    [
        .. cases.Where(c => c.Name != ReferenceOf(c)).Select(c => new RatioPair(c.Name, ReferenceOf(c))),
        .. cases.Where(c => c.Large && cases.Contains(c with { Large = false })).Select(c => new RatioPair(c.Name, (c with { Large = false }).Name)),
    ];

    /// <summary>Each todo case over gRPC unary's of the same operation and client count (the published "is gRPC fastest" question).</summary>
    private static List<RatioPair> TodoPairs(List<string> names) =>
    [
        .. from name in names
           let operation = TodoOperations.First(o => name.StartsWith("Todo" + o, StringComparison.Ordinal))
           let unary = "Todo" + operation + "GrpcUnary" + name[name.LastIndexOf('-')..]
           where name != unary && names.Contains(unary)
           select new RatioPair(name, unary),
    ];

    private static bool BulkTodo(string name) => TodoOperations.First(o => name.StartsWith("Todo" + o, StringComparison.Ordinal)) is "Get" or "Send";
}
