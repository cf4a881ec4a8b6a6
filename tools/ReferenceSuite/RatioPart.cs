using System.Diagnostics;
using System.Globalization;
using PerfAssert.ReferenceSuite.Ratios;
using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Statistics;
using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// The ratio phase: after the per-case parts, every ratio the report prints is measured side by side, one interleaved
/// group per latency item count, one for the data-stream cases and two for the todo cases (see <see cref="RatioRunner"/>).
/// </summary>
internal static class RatioPart
{
    /// <summary>The stack every latency case is compared with, at the same size and item count.</summary>
    public const string ReferenceStack = "WcfText";

    /// <summary>The todo operations, longest name first so that a name's operation is found by its prefix.</summary>
    private static readonly string[] TodoOperations = ["SendOne", "Send", "First", "Get"];

    /// <summary>
    /// 99% intervals reaching no further than 5% from their estimate: the report reads ratios against a 10% parity band,
    /// and two cases doing identical work must agree within 10%, so an interval must stay well inside that band; 3% took
    /// three times the blocks, more than the main job's 5 minutes leave on a 2-core machine that a block's scatter (a
    /// quarter to a third of a ratio, log scale) is measured on. Batches of 2 ms keep a block of 30 latency cases near 0.1 s;
    /// longer batches gave no narrower intervals for the same time.
    /// </summary>
    public static RatioSettings Settings { get; } = new(0.99, 0.05, 12, TimeSpan.FromMilliseconds(2));

    public static async Task<RatioTable> RunAsync(TargetEndpoints endpoints, IReadOnlyList<int> counts, IReadOnlyDictionary<string, double> meanNanoseconds, RatioCaps caps, TextWriter progress)
    {
        var random = new Random();
        var groups = await RunLatencyAsync(endpoints, counts, meanNanoseconds, caps, random, progress);
        var dataStream = DataStreamCases.All.Select(c => c.Name).ToList();
        var streamPairs = dataStream.Where(n => n != DataStreamNetTcp).Select(n => new RatioPair(n, DataStreamNetTcp)).ToList();
        groups.Add(await RunNamedAsync("data stream", dataStream, streamPairs, caps.DataStream, endpoints, meanNanoseconds, random, progress));
        // First and SendOne are quick at every client count; Get and Send move all 5,000 todos a call, so they get a group
        // of their own with one client. With 10 clients they move 50,000 (about 0.1 s a call): too slow for enough blocks
        // within the budget, so they keep the quotient of their means, and the report says so.
        var todos = TodoCases.All.Select(c => c.Name).ToList();
        var quick = todos.Where(n => !BulkTodo(n)).ToList();
        var bulk = todos.Where(n => BulkTodo(n) && n.EndsWith(string.Create(CultureInfo.InvariantCulture, $"-c{TodoCases.Concurrency.Min()}"), StringComparison.Ordinal)).ToList();
        groups.Add(await RunNamedAsync("todo First and SendOne, 1 and 10 clients", quick, TodoPairs(quick), caps.Todo, endpoints, meanNanoseconds, random, progress));
        groups.Add(await RunNamedAsync("todo Get and Send, 1 client", bulk, TodoPairs(bulk), caps.Todo, endpoints, meanNanoseconds, random, progress));
        return new RatioTable(groups, Settings);
    }

    /// <summary>Each case's mean from the per-case parts, in nanoseconds, to size its batches.</summary>
    public static Dictionary<string, double> Means(IEnumerable<PerfResult> results) =>
        results.GroupBy(r => r.Name, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.First().Subject.MeanNs, StringComparer.Ordinal);

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

    private static async Task<List<RatioGroupResult>> RunLatencyAsync(TargetEndpoints endpoints, IReadOnlyList<int> counts, IReadOnlyDictionary<string, double> meanNanoseconds, RatioCaps caps, Random random, TextWriter progress)
    {
        var groups = new List<RatioGroupResult>();
        var clients = new Dictionary<string, IEchoClient>(StringComparer.Ordinal);
        try
        {
            foreach (var count in counts)
            {
                // With items, Small and Large are timed apart: in one group the widest intervals were Small cases' (a batch
                // of a few calls), and timed apart they narrowed about threefold; the likely cause is a Large call's
                // megabytes of garbage, collected in whichever batch follows. With 0 items both allocate alike and are
                // timed together, which checks identical work.
                var all = ReferenceCases.Latency([count]).ToList();
                List<(string Title, List<ReferenceCase> Cases, TimeSpan Cap)> parts = count == 0
                    ? [($"latency, {count} items", all, caps.Empty)]
                    : [($"latency Small, {count} items", [.. all.Where(c => !c.Large)], caps.Small), ($"latency Large, {count} items", [.. all.Where(c => c.Large)], caps.Large)];
                var used = TimeSpan.Zero;
                var total = parts.Aggregate(TimeSpan.Zero, (sum, part) => sum + part.Cap);
                foreach (var (title, cases, partCap) in parts)
                {
                    var bound = cases.Select(c => (c.Name, c.Bind(clients.TryGetValue(c.Stack.Id, out var client) ? client : clients[c.Stack.Id] = c.Stack.Create(endpoints)))).ToList();
                    // The last part takes what the first left of their caps together.
                    var cap = title == parts[^1].Title ? total - used : partCap;
                    var group = new RatioGroup(title, await Batched(bound, meanNanoseconds), LatencyPairs(cases), cap);
                    groups.Add(await RunGroupAsync(group, random, progress));
                    used += groups[^1].Elapsed;
                }
            }
        }
        finally
        {
            foreach (var client in clients.Values)
            {
                await client.DisposeAsync();
            }
        }

        return groups;
    }

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

    private static async Task<RatioGroupResult> RunNamedAsync(string title, List<string> names, List<RatioPair> pairs, TimeSpan cap, TargetEndpoints endpoints, IReadOnlyDictionary<string, double> meanNanoseconds, Random random, TextWriter progress)
    {
        var opened = new List<BoundCase>();
        try
        {
            foreach (var name in names)
            {
                opened.Add(ReferenceCatalog.Open(name, endpoints));
            }

            var cases = await Batched(names.Zip(opened, (n, o) => (n, o.Operation)).ToList(), meanNanoseconds);
            return await RunGroupAsync(new RatioGroup(title, cases, pairs, cap), random, progress);
        }
        finally
        {
            foreach (var bound in opened)
            {
                await bound.DisposeAsync();
            }
        }
    }

    private static async Task<RatioGroupResult> RunGroupAsync(RatioGroup group, Random random, TextWriter progress)
    {
        var result = await RatioRunner.RunAsync(group, Settings, random);
        await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
            $"[ratios] {group.Title}: {group.Cases.Count} cases, {result.Blocks.Count} blocks in {result.Elapsed.TotalSeconds:0.0} s, widest interval {RatioSection.Reach(result.WidestHalfWidth)}{(result.CapReached ? $" (cap of {group.Cap.TotalSeconds:0.#} s reached)" : "")}"));
        return result;
    }

    /// <summary>
    /// Sizes each case's batch from its mean: the per-case parts' when they ran, else a short timing of its own (which also
    /// warms it), so that the phase can run alone.
    /// </summary>
    private static async Task<List<RatioCase>> Batched(List<(string Name, Func<CancellationToken, Task> Operation)> cases, IReadOnlyDictionary<string, double> meanNanoseconds)
    {
        var batched = new List<RatioCase>();
        foreach (var (name, operation) in cases)
        {
            var mean = meanNanoseconds.TryGetValue(name, out var known) ? known : await TimeAsync(operation);
            batched.Add(new RatioCase(name, operation, Settings.CallsPerBatch(mean)));
        }

        return batched;
    }

    private static async Task<double> TimeAsync(Func<CancellationToken, Task> operation)
    {
        await operation(CancellationToken.None);
        var calls = 0;
        var started = Stopwatch.GetTimestamp();
        while (calls < 3 || Stopwatch.GetElapsedTime(started) < TimeSpan.FromMilliseconds(500))
        {
            await operation(CancellationToken.None);
            calls++;
        }

        return Stopwatch.GetElapsedTime(started).TotalNanoseconds / calls;
    }
}
