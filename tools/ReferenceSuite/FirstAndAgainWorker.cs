using System.Diagnostics;
using System.Globalization;
using System.Threading.Channels;
using PerfAssert.Measurement;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// One process of a first-and-again pair (<see cref="FirstAndAgainPart"/>): it hosts the targets, opens the check's cases,
/// warms them up together as the main job does and, in the <see cref="Again"/> role, measures the ten other cases; then it
/// prints <c>ready</c> and answers the parent's commands on standard input, one line each:
/// <list type="bullet">
/// <item><c>measure CASE</c>: measures the case as the main job does before its side-by-side phase (a short timing that
/// sizes its batches, and its allocations); answers <c>measured MEAN_NS SETTLED REASON</c>, the timing's mean and whether
/// the allocations were counted with the JIT quiet.</item>
/// <item><c>block CASE CALLS</c>: times that many calls in a row; answers <c>block NS_PER_CALL COMPILED</c>, the methods
/// the JIT compiled in this process meanwhile.</item>
/// </list>
/// When standard input ends (the parent finished, or died), the process exits at once, whatever it was doing.
/// </summary>
internal static class FirstAndAgainWorker
{
    /// <summary>The role of the process that measures the families' cases first.</summary>
    public const string First = "first";

    /// <summary>The role of the process that measures the ten other cases before the families' cases.</summary>
    public const string Again = "again";

    /// <summary>
    /// The most the shared warm-up may take before the first case is timed: as long as the main job calls its cases before
    /// its side-by-side phase times them (its shared warm-up, at most 25 s, and its allocations part, 16 to 21 s). With
    /// 30 s, both processes' JITs were still promoting hundreds of methods during the blocks (2026-11-28).
    /// </summary>
    private static readonly TimeSpan SharedWarmupTime = TimeSpan.FromSeconds(45);

    /// <summary>The most a case's own warm-up may take after it is measured, before its blocks.</summary>
    private static readonly TimeSpan CaseWarmupTime = TimeSpan.FromSeconds(5);

    public static async Task<int> RunAsync(string role, TargetEndpoints endpoints, bool unwarmed, TextWriter progress)
    {
        // Standard input is read on its own thread from the start: the parent's pipe closing ends this process even while
        // it is still warming up.
        var channel = Channel.CreateUnbounded<string>(new UnboundedChannelOptions { SingleReader = true, SingleWriter = true });
        var reader = new Thread(() =>
        {
            while (Console.In.ReadLine() is { } line)
            {
                channel.Writer.TryWrite(line);
            }

            Environment.Exit(0);
        })
        { IsBackground = true, Name = "first-and-again commands" };
        reader.Start();

        var names = FirstAndAgainCases.Families.Select(f => f.Case).Concat(FirstAndAgainCases.Others).ToList();
        var opened = names.ToDictionary(name => name, name => ReferenceCatalog.Open(name, endpoints), StringComparer.Ordinal);
        try
        {
            var warmup = "none (unwarmed)";
            if (!unwarmed)
            {
                var shared = await Perf.WarmUpAsync([.. names.Select(n => Operation.Async(n, opened[n].Operation))], SharedWarmupTime);
                warmup = string.Create(CultureInfo.InvariantCulture, $"{shared.Calls} calls in {shared.Elapsed.TotalSeconds:0.0} s, {(shared.Settled ? "settled" : "not settled")}");
            }

            if (role == Again)
            {
                foreach (var other in FirstAndAgainCases.Others)
                {
                    var result = await CasePart.MeasureAsync(other, opened[other].Operation);
                    await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                        $"[{role} {Environment.ProcessId}] other {other}: {result.SizingNanoseconds / 1000:0.0} us, settled: {Settled(result) ?? "yes"}"));
                }
            }

            // Time the block loop's own code once, so the methods compiled during a case's blocks are the case's.
            await TimeBlockAsync(static _ => Task.CompletedTask, 2);
            Console.Out.WriteLine("ready " + warmup);
            await foreach (var line in channel.Reader.ReadAllAsync())
            {
                Console.Out.WriteLine(await AnswerAsync(line, opened));
            }

            return 0;
        }
        finally
        {
            foreach (var bound in opened.Values)
            {
                await bound.DisposeAsync();
            }
        }
    }

    private static async Task<string> AnswerAsync(string line, Dictionary<string, BoundCase> opened)
    {
        var parts = line.Split(' ');
        switch (parts)
        {
            case ["measure", var name] when opened.TryGetValue(name, out var bound):
                var result = await CasePart.MeasureAsync(name, bound.Operation);
                // Then the case alone until the JIT has promoted what it calls, as the main job's phase times a case only
                // after tens of seconds of calls: the blocks compare the code's state, not the JIT's backlog.
                await Perf.WarmUpAsync([Operation.Async(name, bound.Operation)], CaseWarmupTime);
                var settled = Settled(result);
                return string.Create(CultureInfo.InvariantCulture, $"measured {result.SizingNanoseconds:R} {(settled is null ? "yes" : "no " + settled)}");
            case ["block", var name, var text] when opened.TryGetValue(name, out var bound) && long.TryParse(text, CultureInfo.InvariantCulture, out var calls) && calls > 0:
                var compiled = System.Runtime.JitInfo.GetCompiledMethodCount(currentThread: false);
                var nanoseconds = await TimeBlockAsync(bound.Operation, calls);
                return string.Create(CultureInfo.InvariantCulture, $"block {nanoseconds:R} {System.Runtime.JitInfo.GetCompiledMethodCount(currentThread: false) - compiled}");
            default:
                return "error unknown command '" + line + "'";
        }
    }

    /// <summary><see langword="null"/> when the case's allocations were counted with the JIT quiet, else why not.</summary>
    private static string? Settled(CaseFigures figures) => figures.Allocations.JitSettled ? null : "the JIT was still compiling while its allocations were counted";

    private static async Task<double> TimeBlockAsync(Func<CancellationToken, Task> operation, long calls)
    {
        var started = Stopwatch.GetTimestamp();
        for (var call = 0; call < calls; call++)
        {
            await operation(CancellationToken.None).ConfigureAwait(false);
        }

        return Stopwatch.GetElapsedTime(started).TotalNanoseconds / calls;
    }
}
