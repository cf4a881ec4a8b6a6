using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using System.Text;
using PerfAssert.Environments;
using PerfAssert.ReferenceSuite.Ratios;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// The first-and-again check of issue 41 (<c>--first-and-again</c>): does a case measure the same first in a fresh process
/// as it does after ten other cases ran there? Two worker processes of this tool run side by side
/// (<see cref="FirstAndAgainWorker"/>), each hosting the targets and warming the check's cases up together as the main job
/// does; the <c>again</c> one then measures the ten other cases. Then, family by family, each process measures the
/// family's case with the engine (in the <c>first</c> process that is the first measurement of that stack, and for the
/// first family the first case it times at all), and the two time blocks of the case's calls in turn (ABBA), so a
/// machine that gets busier slows both alike. Each block pair gives a log-ratio, again over first.
/// <para>
/// Two processes differ by more than the JIT state under test (code and heap layout, which core they run on), and the
/// blocks of one process pair share that luck, so the pair, not the block, is the unit of evidence, as in a
/// reference-build verdict: <see cref="Pairs"/> process pairs, and for each family a 99% t-interval over the pairs'
/// estimates with pairs - 1 degrees of freedom (<see cref="FirstAndAgainAgreement"/>). A family agrees when its
/// interval holds 1 and its estimate is within 5%. Prints a markdown table, one row per family; exit code 1 when a family
/// does not agree.
/// </para>
/// </summary>
internal static class FirstAndAgainPart
{
    /// <summary>
    /// How many process pairs the check measures unless <c>--pairs</c> says otherwise. One pair's estimate scattered by about
    /// 8% (one standard deviation) over four runs of five pairs on 2026-11-28, whose estimates sat on both sides of 1 with
    /// no family consistently off; five pairs then leave the estimate's own error near the 5% it must be within, ten halve
    /// its variance.
    /// </summary>
    public const int Pairs = 10;

    /// <summary>How many pairs of blocks each family gets in each process pair.</summary>
    private const int BlockPairs = 100;

    /// <summary>Calls in a block when the check runs unwarmed and no engine measurement sized them.</summary>
    private const long UnwarmedCalls = 100;

    /// <summary>What an engine measurement that did not run shows.</summary>
    private static readonly EngineFigure Unmeasured = new(double.NaN, "not measured (unwarmed)");

    /// <summary>How long a block aims to take: tens of calls, so a block is not one call's luck.</summary>
    private static readonly TimeSpan BlockTime = TimeSpan.FromMilliseconds(10);

    /// <summary>How long a worker may take to start, warm up and (again) measure the ten other cases.</summary>
    private static readonly TimeSpan ReadyTime = TimeSpan.FromMinutes(4);

    /// <summary>How long one engine measurement or one block may take.</summary>
    private static readonly TimeSpan CommandTime = TimeSpan.FromMinutes(1);

    /// <summary>The table's header.</summary>
    public const string Header = "| Family | Case | First us | Again us | Again / first | 99% interval | Pairs' estimates | Agrees | Engine first us | Engine again us | Compiled during blocks, first / again | First settled | Again settled |";

    public static async Task<int> RunAsync(int pairs, bool unwarmed, TextWriter output, TextWriter progress)
    {
        var families = FirstAndAgainCases.Families;
        var measured = families.Select(_ => new List<FamilyPair>()).ToList();
        for (var pair = 0; pair < pairs; pair++)
        {
            var started = Stopwatch.GetTimestamp();
            await using var first = await WorkerProcess.StartAsync(FirstAndAgainWorker.First, unwarmed, progress);
            await using var again = await WorkerProcess.StartAsync(FirstAndAgainWorker.Again, unwarmed, progress);
            var (firstReady, againReady) = (await first.ReadyAsync(), await again.ReadyAsync());
            await progress.WriteLineAsync($"[pair {pair + 1}/{pairs}] ready: first {firstReady}; again {againReady}");
            for (var f = 0; f < families.Count; f++)
            {
                var name = families[f].Case;
                // The engine measures the case in both; which process goes first alternates between pairs.
                EngineFigure firstEngine, againEngine;
                if (unwarmed)
                {
                    // Unwarmed, the blocks are the case's first calls in both processes: no engine measurement before them.
                    (firstEngine, againEngine) = (Unmeasured, Unmeasured);
                }
                else if (pair % 2 == 0)
                {
                    firstEngine = await first.MeasureAsync(name);
                    againEngine = await again.MeasureAsync(name);
                }
                else
                {
                    againEngine = await again.MeasureAsync(name);
                    firstEngine = await first.MeasureAsync(name);
                }

                var calls = unwarmed ? UnwarmedCalls : Math.Max(1, (long)Math.Round(BlockTime.TotalNanoseconds / Math.Min(firstEngine.MeanNs, againEngine.MeanNs)));
                var logRatios = new double[BlockPairs];
                var (firstNs, againNs, firstCompiled, againCompiled) = (0.0, 0.0, 0L, 0L);
                for (var block = 0; block < BlockPairs; block++)
                {
                    // ABBA: the first process leads in even block pairs, the again process in odd ones.
                    (double Ns, long Compiled) x, y;
                    if (block % 2 == 0)
                    {
                        x = await first.BlockAsync(name, calls);
                        y = await again.BlockAsync(name, calls);
                    }
                    else
                    {
                        y = await again.BlockAsync(name, calls);
                        x = await first.BlockAsync(name, calls);
                    }

                    logRatios[block] = Math.Log(y.Ns / x.Ns);
                    firstNs += Math.Log(x.Ns);
                    againNs += Math.Log(y.Ns);
                    firstCompiled += x.Compiled;
                    againCompiled += y.Compiled;
                }

                var result = new FamilyPair(logRatios, Math.Exp(firstNs / BlockPairs), Math.Exp(againNs / BlockPairs), firstEngine, againEngine, firstCompiled, againCompiled);
                measured[f].Add(result);
                await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                    $"[pair {pair + 1}/{pairs}] {name}: first {result.FirstNs / 1000:0.0} us, again {result.AgainNs / 1000:0.0} us, again / first {Math.Exp(logRatios.Average()):0.000}; {calls} calls a block; compiled during blocks {firstCompiled} / {againCompiled}; engine {firstEngine.MeanNs / 1000:0.0} / {againEngine.MeanNs / 1000:0.0} us, settled {firstEngine.Settled} / {againEngine.Settled}"));
            }

            await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture, $"[pair {pair + 1}/{pairs}] {Stopwatch.GetElapsedTime(started).TotalSeconds:0} s"));
        }

        var (table, agree) = Table(measured, pairs, unwarmed);
        await output.WriteLineAsync(table);
        return agree ? 0 : 1;
    }

    private static (string Table, bool Agree) Table(List<List<FamilyPair>> measured, int pairs, bool unwarmed)
    {
        var table = new StringBuilder()
            .AppendLine(CultureInfo.InvariantCulture, $"First and again ({(unwarmed ? "UNWARMED: no shared warm-up, no engine measurement before the blocks" : "as the main job measures")}; {pairs} process pairs, {BlockPairs} block pairs each; {TieringSettings.Current})")
            .AppendLine()
            .AppendLine(Header)
            .AppendLine("|---|---|---:|---:|---:|---|---|---|---:|---:|---:|---|---|");
        var all = true;
        for (var f = 0; f < measured.Count; f++)
        {
            var family = measured[f];
            var agreement = FirstAndAgainAgreement.Of([.. family.Select(p => (IReadOnlyList<double>)p.LogRatios)]);
            var agrees = agreement.Agrees;
            all &= agrees;
            table.AppendLine(CultureInfo.InvariantCulture,
                $"| {FirstAndAgainCases.Families[f].Family} | {FirstAndAgainCases.Families[f].Case} | {Geometric(family.Select(p => p.FirstNs)) / 1000:0.0} | {Geometric(family.Select(p => p.AgainNs)) / 1000:0.0} | {agreement.Ratio:0.000} | {agreement.Low:0.000} to {agreement.High:0.000} | {string.Join(", ", agreement.PairRatios.Select(r => r.ToString("0.000", CultureInfo.InvariantCulture)))} | {(agrees ? "yes" : "NO")} | {Us(family.Select(p => p.FirstEngine.MeanNs))} | {Us(family.Select(p => p.AgainEngine.MeanNs))} | {family.Sum(p => p.FirstCompiled)} / {family.Sum(p => p.AgainCompiled)} | {Settled(family.Select(p => p.FirstEngine))} | {Settled(family.Select(p => p.AgainEngine))} |");
        }

        table.AppendLine()
            .AppendLine(CultureInfo.InvariantCulture, $"A family agrees when its interval holds 1 and its estimate is within {FirstAndAgainAgreement.Tolerance:0%}. {(all ? "Every family agrees." : "NOT every family agrees.")}");
        return (table.ToString(), all);
    }

    private static double Geometric(IEnumerable<double> values) => Math.Exp(values.Select(v => Math.Log(v)).Average());

    /// <summary>How many of the pairs' engine measurements timed settled code, and why the first that did not had not.</summary>
    private static string Settled(IEnumerable<EngineFigure> figures)
    {
        var all = figures.ToList();
        var settled = all.Count(f => f.Settled == "yes");
        var why = all.FirstOrDefault(f => f.Settled != "yes")?.Settled;
        return string.Create(CultureInfo.InvariantCulture, $"{settled} of {all.Count}{(why is null ? "" : " (" + why + ")")}");
    }

    /// <summary>The geometric mean in microseconds, or "-" when the engine measured nothing (unwarmed).</summary>
    private static string Us(IEnumerable<double> nanoseconds) => Geometric(nanoseconds) is var mean && double.IsFinite(mean)
        ? (mean / 1000).ToString("0.0", CultureInfo.InvariantCulture)
        : "-";

    /// <summary>One family's figures from one process pair.</summary>
    private sealed record FamilyPair(double[] LogRatios, double FirstNs, double AgainNs, EngineFigure FirstEngine, EngineFigure AgainEngine, long FirstCompiled, long AgainCompiled);

    /// <summary>What a worker's engine measured: the mean and "yes" or why the code it timed had not settled.</summary>
    private sealed record EngineFigure(double MeanNs, string Settled);

    /// <summary>A worker process of this tool in one role, spoken to over its standard input and output.</summary>
    private sealed class WorkerProcess : IAsyncDisposable
    {
        private readonly Process _process;
        private readonly string _role;
        private readonly TextWriter _progress;

        private WorkerProcess(Process process, string role, TextWriter progress) => (_process, _role, _progress) = (process, role, progress);

        public static Task<WorkerProcess> StartAsync(string role, bool unwarmed, TextWriter progress)
        {
            var self = Environment.ProcessPath ?? throw new InvalidOperationException("The first-and-again check cannot find this process's executable to start its workers.");
            var start = new ProcessStartInfo(self)
            {
                RedirectStandardInput = true,
                RedirectStandardOutput = true,
                RedirectStandardError = false,
                UseShellExecute = false,
            };
            // Run through the dotnet host, the entry assembly comes first; through the app host, it is the executable.
            if (Path.GetFileNameWithoutExtension(self).Equals("dotnet", StringComparison.OrdinalIgnoreCase))
            {
                start.ArgumentList.Add(Assembly.GetEntryAssembly()!.Location);
            }

            start.ArgumentList.Add("--first-and-again-worker");
            start.ArgumentList.Add(role);
            if (unwarmed)
            {
                start.ArgumentList.Add("--first-and-again-unwarmed");
            }

            var process = Process.Start(start) ?? throw new InvalidOperationException($"The first-and-again check could not start its {role} worker ({self}).");
            return Task.FromResult(new WorkerProcess(process, role, progress));
        }

        public async Task<string> ReadyAsync() => await ReadAnswerAsync("ready", ReadyTime);

        public async Task<EngineFigure> MeasureAsync(string name)
        {
            await _process.StandardInput.WriteLineAsync("measure " + name);
            var answer = await ReadAnswerAsync("measured", CommandTime);
            var parts = answer.Split(' ', 2);
            return new EngineFigure(double.Parse(parts[0], CultureInfo.InvariantCulture), parts[1]);
        }

        public async Task<(double Ns, long Compiled)> BlockAsync(string name, long calls)
        {
            await _process.StandardInput.WriteLineAsync(string.Create(CultureInfo.InvariantCulture, $"block {name} {calls}"));
            var parts = (await ReadAnswerAsync("block", CommandTime)).Split(' ');
            return (double.Parse(parts[0], CultureInfo.InvariantCulture), long.Parse(parts[1], CultureInfo.InvariantCulture));
        }

        /// <summary>The rest of the first line that starts with <paramref name="verb"/>; other lines are passed on as progress.</summary>
        private async Task<string> ReadAnswerAsync(string verb, TimeSpan limit)
        {
            using var timeout = new CancellationTokenSource(limit);
            while (true)
            {
                string? line;
                try
                {
                    line = await _process.StandardOutput.ReadLineAsync(timeout.Token);
                }
                catch (OperationCanceledException)
                {
                    throw new TimeoutException($"The first-and-again check's {_role} worker (process {_process.Id}) did not answer '{verb}' within {limit.TotalSeconds:0} s.");
                }

                if (line is null)
                {
                    await _process.WaitForExitAsync(CancellationToken.None).WaitAsync(TimeSpan.FromSeconds(10));
                    throw new InvalidOperationException($"The first-and-again check's {_role} worker (process {_process.Id}) ended with exit code {_process.ExitCode} before answering '{verb}'.");
                }

                if (line.StartsWith("error ", StringComparison.Ordinal))
                {
                    throw new InvalidOperationException($"The first-and-again check's {_role} worker answered: {line}");
                }

                if (line == verb || line.StartsWith(verb + " ", StringComparison.Ordinal))
                {
                    return line.Length > verb.Length ? line[(verb.Length + 1)..] : "";
                }

                await _progress.WriteLineAsync($"[{_role} {_process.Id}] {line}");
            }
        }

        public async ValueTask DisposeAsync()
        {
            try
            {
                // Closing standard input ends the worker; kill it if it has not ended within a few seconds.
                _process.StandardInput.Close();
                await _process.WaitForExitAsync(CancellationToken.None).WaitAsync(TimeSpan.FromSeconds(10));
            }
            catch (Exception ex) when (ex is TimeoutException or IOException)
            {
                _process.Kill(entireProcessTree: true);
            }
            finally
            {
                _process.Dispose();
            }
        }
    }
}
