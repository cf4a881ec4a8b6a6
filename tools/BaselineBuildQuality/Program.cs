using System.Globalization;
using System.Text.Json;
using PerfAssert;
using PerfAssert.BaselineBuildQuality;
using PerfAssert.Baselines;
using PerfAssert.Budgets;
using PerfAssert.Hosting.Builds;
using PerfAssert.Verdicts;

// How good verdicts against the reference build are on this machine, on a real loopback endpoint: the service at the
// reference commit against itself (A/A: a commit that changes only a comment) and against commits that add 3, 5, 10 and
// 20% of the endpoint's latency as server-side CPU work (more rounds of its hash loop, timed in this process), judged at a budget of 1 + margin (default 0.05). The latency
// that sizes the slowdowns is the median of several A/A measurements, and every case reports the ratios its verdicts
// measured, so a reader sees which share was really injected. Beside it, what today's cross-process comparison (each
// run's ratio to the calibration workload, against the first A/A run's) would have seen of the same runs. With --dump,
// every block of every counted verdict goes to a JSON-lines file (one line per block), and the summary ends with the
// variance components those blocks show (PairSpreads).
const string UsageText = "usage: dotnet run -c Release --project tools/BaselineBuildQuality -- --runs N [--cases aa,slow3,slow5,slow10,slow20] [--margin 0.05] [--pairs 2] [--extension-pairs 2] [--extensions 2] [--pair-spread 0.02] [--pair-spread-weight 10] [--confirm true] [--confirm-clear false] [--dump FILE.jsonl] [--accept-rerun true] [--worker-pgo BOOL] [--max-warmup SECONDS] | --replay FILE.jsonl[,FILE.jsonl] [--replay-cases aa] [--verdicts 2000] [--seed 1] and the options above | --components FILE.jsonl[,FILE.jsonl] [--extension-pairs 2]";
const int SizingMeasurements = 5;
string[] allCases = ["aa", "slow3", "slow5", "slow10", "slow20"];
var runs = 0;
var cases = allCases;
var margin = BaselineBudget.DefaultBuildMargin;
// Null: the workers' runtime settings as ServiceBuildsOptions has them; true or false: dynamic PGO switched on or off on top.
bool? workerPgo = null;
TimeSpan? maxWarmup = null;
var pairs = new PerfOptions().BuildPairs;
var extensionPairs = new PerfOptions().BuildExtensionPairs;
var extensions = new PerfOptions().BuildExtensions;
var pairSpread = new PerfOptions().BuildPairSpread;
var pairSpreadWeight = new PerfOptions().BuildPairSpreadWeight;
var confirm = new PerfOptions().ConfirmRegressions;
var confirmClear = new PerfOptions().BuildConfirmClearRegressions;
string? dumpPath = null;
var acceptRerun = false;
string[]? replay = null;
string[]? components = null;
string[] replayCases = ["aa"];
var replayVerdicts = 2000;
var replaySeed = 1;
for (var i = 0; i + 1 < args.Length; i += 2)
{
    switch (args[i])
    {
        case "--runs" when int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out var n) && n > 0:
            runs = n;
            break;
        case "--cases" when args[i + 1].Split(',') is { Length: > 0 } named && named.All(allCases.Contains):
            cases = named;
            break;
        case "--pairs" when int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out var p) && p is >= 1 and <= 32:
            pairs = p;
            break;
        case "--extension-pairs" when int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out var e) && e is >= 0 and <= 32:
            extensionPairs = e;
            break;
        case "--extensions" when int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out var x) && x is >= 0 and <= 16:
            extensions = x;
            break;
        case "--pair-spread" when double.TryParse(args[i + 1], NumberStyles.Float, CultureInfo.InvariantCulture, out var ps) && ps is >= 0 and <= 1:
            pairSpread = ps;
            break;
        case "--pair-spread-weight" when int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out var w) && w is >= 0 and <= 10_000:
            pairSpreadWeight = w;
            break;
        case "--replay" when !string.IsNullOrWhiteSpace(args[i + 1]):
            replay = args[i + 1].Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
            break;
        case "--components" when !string.IsNullOrWhiteSpace(args[i + 1]):
            components = args[i + 1].Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
            break;
        case "--replay-cases" when args[i + 1].Split(',') is { Length: > 0 } recorded && recorded.All(c => c.Length > 0):
            replayCases = recorded;
            break;
        case "--confirm" when bool.TryParse(args[i + 1], out var cf):
            confirm = cf;
            break;
        case "--confirm-clear" when bool.TryParse(args[i + 1], out var cc):
            confirmClear = cc;
            break;
        case "--verdicts" when int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out var vs) && vs > 0:
            replayVerdicts = vs;
            break;
        case "--seed" when int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out var sd):
            replaySeed = sd;
            break;
        case "--accept-rerun" when bool.TryParse(args[i + 1], out var ar):
            acceptRerun = ar;
            break;
        case "--dump" when !string.IsNullOrWhiteSpace(args[i + 1]):
            dumpPath = Path.GetFullPath(args[i + 1]);
            break;
        case "--margin" when double.TryParse(args[i + 1], NumberStyles.Float, CultureInfo.InvariantCulture, out var m) && m is >= 0 and < 1:
            margin = m;
            break;
        case "--worker-pgo" when bool.TryParse(args[i + 1], out var pgo):
            workerPgo = pgo;
            break;
        case "--max-warmup" when double.TryParse(args[i + 1], NumberStyles.Float, CultureInfo.InvariantCulture, out var mw) && mw is > 0 and <= 60:
            maxWarmup = TimeSpan.FromSeconds(mw);
            break;
        default:
            Console.Error.WriteLine(UsageText);
            return 2;
    }
}

if (replay is not null && args.Length % 2 == 0)
{
    var replayOptions = new PerfOptions { BuildPairs = pairs, BuildExtensionPairs = extensionPairs, BuildExtensions = extensions, BuildPairSpread = pairSpread, BuildPairSpreadWeight = pairSpreadWeight, ConfirmRegressions = confirm, BuildConfirmClearRegressions = confirmClear };
    return Replay.Run(replay, replayCases, replayVerdicts, replayOptions, margin, replaySeed);
}

if (components is not null && args.Length % 2 == 0)
{
    // The variance components of verdicts recorded with --dump, read again (the same "pairs" lines a run prints).
    var recorded = new PairSpreads(extensionPairs);
    foreach (var file in components)
    {
        if (!File.Exists(file))
        {
            Console.Error.WriteLine($"--components {file}: no such file (write one with --dump FILE.jsonl)");
            return 2;
        }

        foreach (var (name, verdictPairs) in PairSpreads.ReadDump(file))
        {
            recorded.Add(name, verdictPairs);
        }
    }

    foreach (var line in recorded.Summary())
    {
        Console.WriteLine(line);
    }

    return 0;
}

if (acceptRerun)
{
    // Accept-then-rerun: every run accepts a 10% slowdown caught as a Regression afresh, then judges the same change
    // again and a change 10% slower on top of it (slow21: 1.10 x 1.10) against that allowance.
    cases = ["aa", "slow10", "slow21"];
}

if (runs == 0 || args.Length % 2 != 0)
{
    Console.Error.WriteLine(UsageText);
    return 2;
}

StreamWriter? dump = null;
if (dumpPath is not null)
{
    try
    {
        dump = new StreamWriter(dumpPath, append: false);
    }
    catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
    {
        Console.Error.WriteLine($"--dump {dumpPath}: cannot write it ({ex.Message})");
        return 2;
    }
}

using var dumpFile = dump;
var spreads = new PairSpreads(extensionPairs);
using var repository = ScratchRepository.Create();
var reference = repository.CommitService(0, "reference");
var store = new BaselineStore(repository.Baselines);
new BaselineReference(reference).Write(store);

// The endpoint's latency at the reference sizes the slowdowns: the median of several A/A measurements, because one
// measurement of a loopback endpoint on a shared machine can be off by 2x either way.
var commits = new Dictionary<string, string> { ["aa"] = repository.CommitService(0, "only a comment changed") };
var builds = new Dictionary<string, ServiceBuilds>();
var meanMicroseconds = 0.0;
var roundNanoseconds = ScratchRepository.RoundNanoseconds();
try
{
    foreach (var name in cases.Where(c => c != "aa").Prepend("aa"))
    {
        if (name != "aa")
        {
            repository.Checkout(reference);
            var share = int.Parse(name["slow".Length..], CultureInfo.InvariantCulture) / 100.0;
            var rounds = (int)Math.Round(meanMicroseconds * 1000 * share / roundNanoseconds);
            commits[name] = repository.CommitService(rounds, string.Create(CultureInfo.InvariantCulture, $"{name}: {rounds} more hash rounds ({rounds * roundNanoseconds / 1000:0.0} us at {roundNanoseconds:0.00} ns a round)"));
        }

        repository.Checkout(commits[name]);
        builds[name] = new ServiceBuilds(ScratchRepository.Project, new ServiceBuildsOptions { RepositoryRoot = repository.Root, RuntimeSettings = WorkerRuntimeSettings() });
        var first = await JudgeAsync(builds[name], name);
        Console.Error.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{name}: built {commits[name][..12]} ({first.Subject.MeanNs / 1000:0.0} us per call)"));
        if (name == "aa")
        {
            var sizing = new List<double> { first.Subject.MeanNs / 1000 };
            for (var i = 1; i < SizingMeasurements; i++)
            {
                sizing.Add((await JudgeAsync(builds[name], name)).Subject.MeanNs / 1000);
            }

            sizing.Sort();
            meanMicroseconds = sizing[sizing.Count / 2];
            Console.Error.WriteLine(string.Create(CultureInfo.InvariantCulture, $"aa: {SizingMeasurements} measurements {string.Join(", ", sizing.Select(m => m.ToString("0.0", CultureInfo.InvariantCulture)))} us per call; sizing by the median, {meanMicroseconds:0.0} us; one hash round {roundNanoseconds:0.00} ns"));
        }
    }

    // Each case's first run recorded its entry (NoBaseline); accepted, the runs below are judged against them.
    await BaselineAcceptor.AcceptAsync(store);
    if (acceptRerun)
    {
        return await AcceptThenRerunAsync();
    }

    var tally = cases.ToDictionary(c => c, _ => new Dictionary<VerdictOutcome, int>());
    var calibrationRatios = cases.ToDictionary(c => c, _ => new List<double>());
    var measuredRatios = cases.ToDictionary(c => c, _ => new List<double>());
    // How many intervals contain 1: for A/A, the share of verdicts whose stated 99% interval held.
    var covers = cases.ToDictionary(c => c, _ => 0);
    // Per case: how many Regressions were confirmed on reversed pairs, and each verdict's time.
    var confirmations = cases.ToDictionary(c => c, _ => 0);
    var caseDurations = cases.ToDictionary(c => c, _ => new List<double>());
    var pairsSeen = 0;
    var pairsSettled = 0;
    // Methods the two workers compiled while each pair's blocks ran: timers' and rare paths' few, or promotion's many.
    // With PERFASSERT_DIAGNOSE=always every verdict is diagnosed: per case, how many diagnoses marked a row as more than noise
    // (for A/A, each one a false mark), and which rows.
    var diagnosed = cases.ToDictionary(c => c, _ => 0);
    var diagnosesWithMarks = cases.ToDictionary(c => c, _ => new List<string>());
    var pairJitMethods = new List<long>();
    var pairWarmups = new List<double>();
    var started = DateTimeOffset.UtcNow;
    for (var run = 1; run <= runs; run++)
    {
        foreach (var name in cases)
        {
            var result = await JudgeAsync(builds[name], name);
            var latency = result.Verdicts.Single(v => v.Unit == "x");
            spreads.Add(name, result.BuildPairs);
            if (dump is not null)
            {
                await WriteBlocksAsync(dump, name, run, result, latency);
            }

            tally[name][latency.Outcome] = tally[name].GetValueOrDefault(latency.Outcome) + 1;
            calibrationRatios[name].Add(result.Subject.CalibrationRatio ?? double.NaN);
            measuredRatios[name].Add(latency.Measured.Estimate);
            covers[name] += latency.Measured.Lower <= 1 && latency.Measured.Upper >= 1 ? 1 : 0;
            confirmations[name] += latency.Confirmed ? 1 : 0;
            if (latency.Diagnosis is { } diagnosis && !diagnosis.StartsWith("No diagnosis", StringComparison.Ordinal))
            {
                diagnosed[name]++;
                var marked = diagnosis.Split('\n').Select(l => l.Trim()).Where(l => l.StartsWith("* ", StringComparison.Ordinal)).ToList();
                if (marked.Count > 0)
                {
                    diagnosesWithMarks[name].Add(string.Join(" | ", marked));
                }
            }
            caseDurations[name].Add(result.Duration.TotalSeconds);
            pairsSeen += result.BuildPairs?.Count ?? 0;
            pairsSettled += result.BuildPairs?.Count(p => p.WarmupSettled) ?? 0;
            pairJitMethods.AddRange(result.BuildPairs?.Select(p => p.JitCompiledDuringBlocks) ?? []);
            pairWarmups.AddRange(result.BuildPairs?.Select(p => p.WarmupTime.TotalSeconds) ?? []);
        }

        Console.Error.WriteLine(string.Create(CultureInfo.InvariantCulture, $"[{run}/{runs}] {(DateTimeOffset.UtcNow - started).TotalMinutes:0.0} min"));
    }

    foreach (var (name, outcomes) in tally)
    {
        var ratios = measuredRatios[name].Order().ToList();
        var seconds = caseDurations[name].Order().ToList();
        Console.WriteLine($"case={name} " + string.Join(' ', Enum.GetValues<VerdictOutcome>().Select(o => $"{o.ToString().ToLowerInvariant()}={outcomes.GetValueOrDefault(o)}"))
            + string.Create(CultureInfo.InvariantCulture, $" measured_ratio=[{ratios[0]:0.000}, median {ratios[ratios.Count / 2]:0.000}, {ratios[^1]:0.000}] interval_contains_1={covers[name]}/{ratios.Count} confirmed={confirmations[name]} verdict_s=[median {seconds[seconds.Count / 2]:0.0}, p95 {seconds[(int)(seconds.Count * 0.95)]:0.0}]"));
    }

    foreach (var name in cases.Where(c => diagnosed[c] > 0))
    {
        Console.WriteLine($"diagnosis case={name} diagnosed={diagnosed[name]} with_marked_rows={diagnosesWithMarks[name].Count}");
        foreach (var marks in diagnosesWithMarks[name])
        {
            Console.WriteLine($"  marked: {marks}");
        }
    }

    // Today's comparison: a ratio to the calibration recorded in one process (the first A/A run), judged in another; only
    // when the A/A case ran (a run of --cases slow3 alone has nothing recorded to compare with).
    var recorded = calibrationRatios.TryGetValue("aa", out var aaRatios) && aaRatios.Count > 0 ? aaRatios[0] : double.NaN;
    foreach (var (name, ratios) in double.IsNaN(recorded) ? [] : calibrationRatios)
    {
        var moved = ratios.Skip(name == "aa" ? 1 : 0).Select(r => r / recorded).ToList();
        if (moved.Count > 0)
        {
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"cross-process case={name} ratio_to_recorded=[{moved.Min():0.00}, {moved.Max():0.00}] over_1.75={moved.Count(m => m > 1.75)}/{moved.Count} over_1.10={moved.Count(m => m > 1.10)}/{moved.Count}"));
        }
    }

    var durations = caseDurations.Values.SelectMany(d => d).Order().ToList();
    // The share of worker pairs both of whose warm-ups settled (timed code promoted, the JIT quiet, the delay over).
    var warmupSettled = pairsSeen == 0 ? "n/a" : (pairsSettled / (double)pairsSeen).ToString("0.###", CultureInfo.InvariantCulture);
    pairJitMethods.Sort();
    pairWarmups.Sort();
    var warmups = pairWarmups.Count == 0 ? "n/a" : string.Create(CultureInfo.InvariantCulture, $"[median {pairWarmups[pairWarmups.Count / 2]:0.0}, p95 {pairWarmups[(int)(pairWarmups.Count * 0.95)]:0.0}, max {pairWarmups[^1]:0.0}]");
    var jitMethods = pairJitMethods.Count == 0 ? "n/a" : string.Create(CultureInfo.InvariantCulture, $"[median {pairJitMethods[pairJitMethods.Count / 2]}, p95 {pairJitMethods[(int)(pairJitMethods.Count * 0.95)]}, max {pairJitMethods[^1]}]");
    string Rate(string name, VerdictOutcome outcome) => tally.TryGetValue(name, out var o) ? (o.GetValueOrDefault(outcome) / (double)runs).ToString("0.###", CultureInfo.InvariantCulture) : "n/a";
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
        $"baseline-builds: runs={runs} budget={1 + margin:0.00} pairs={pairs} extension_pairs={extensionPairs} extensions={extensions} pair_spread={pairSpread:0.###} pair_spread_weight={pairSpreadWeight} confirm={(confirm ? "true" : "false")} confirm_clear={(confirmClear ? "true" : "false")} endpoint_us={meanMicroseconds:0.0} false_regressions={(tally.TryGetValue("aa", out var aa) ? aa.GetValueOrDefault(VerdictOutcome.Regression) : 0)} aa_clear_pass={Rate("aa", VerdictOutcome.Pass)} detect3={Rate("slow3", VerdictOutcome.Regression)} detect5={Rate("slow5", VerdictOutcome.Regression)} detect10={Rate("slow10", VerdictOutcome.Regression)} detect20={Rate("slow20", VerdictOutcome.Regression)} warmup_settled={warmupSettled} pair_warmup_s={warmups} pair_jit_methods={jitMethods} median_verdict_s={durations[durations.Count / 2]:0.0} p95_verdict_s={durations[(int)(durations.Count * 0.95)]:0.0}"));
    foreach (var line in spreads.Summary())
    {
        Console.WriteLine(line);
    }

    return 0;
}
finally
{
    foreach (var build in builds.Values)
    {
        build.Dispose();
    }
}

// Per run: the slow10 entry without an allowance is copied to "accepted"; slow10 judged against it must be a Regression
// (confirmed or, clear of the noise floor, decided by its first pairs), whose candidate is accepted (the allowance); then slow10 again (the re-run: must not fail) and slow21 (10%
// more on top: must be caught), both against that allowance.
async Task<int> AcceptThenRerunAsync()
{
    const string Accepted = "accepted";
    var path = store.PathOf("Quality");
    var fresh = store.Load("Quality").Entries["slow10"];
    var rerun = new Dictionary<VerdictOutcome, int>();
    var further = new Dictionary<VerdictOutcome, int>();
    var allowances = new List<double>();
    var notCaught = 0;
    var confirmedCount = 0;
    var durations = new List<double>();
    var started = DateTimeOffset.UtcNow;
    for (var run = 1; run <= runs; run++)
    {
        await store.UpdateAsync(path, file => file.Entries[Accepted] = fresh);
        if (Directory.Exists(store.CandidateDirectory))
        {
            foreach (var candidate in Directory.GetFiles(store.CandidateDirectory, "*.received.json"))
            {
                File.Delete(candidate);
            }
        }

        var accepting = await JudgeAsync(builds["slow10"], Accepted);
        var accepted = accepting.Verdicts.Single(v => v.Unit == "x");
        if (accepted.Outcome != VerdictOutcome.Regression)
        {
            notCaught++;
            Console.Error.WriteLine($"[{run}/{runs}] the change to accept was {accepted.Outcome}, not a Regression; nothing accepted");
            continue;
        }

        confirmedCount += accepted.Confirmed ? 1 : 0;
        await BaselineAcceptor.AcceptAsync(store);
        var entry = store.Load("Quality").Entries[Accepted];
        allowances.Add(entry.LatencyAllowance!.Value);
        foreach (var (name, tally) in new[] { ("slow10", rerun), ("slow21", further) })
        {
            var result = await JudgeAsync(builds[name], Accepted);
            var latency = result.Verdicts.Single(v => v.Unit == "x");
            tally[latency.Outcome] = tally.GetValueOrDefault(latency.Outcome) + 1;
            durations.Add(result.Duration.TotalSeconds);
            Console.Error.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  {name} against allowance {entry.LatencyAllowance:0.000} (budget {latency.Limit:0.000}): {latency.Measured.Estimate:0.000} [{latency.Measured.Lower:0.000}, {latency.Measured.Upper:0.000}] {latency.Outcome}"));
        }

        Console.Error.WriteLine(string.Create(CultureInfo.InvariantCulture, $"[{run}/{runs}] {(DateTimeOffset.UtcNow - started).TotalMinutes:0.0} min"));
    }

    string Tally(Dictionary<VerdictOutcome, int> tally) => string.Join(' ', Enum.GetValues<VerdictOutcome>().Select(o => $"{o.ToString().ToLowerInvariant()}={tally.GetValueOrDefault(o)}"));
    allowances.Sort();
    durations.Sort();
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
        $"accept-rerun: runs={runs} budget={1 + margin:0.00} accepted={allowances.Count} not_caught={notCaught} confirmed={confirmedCount} allowance=[{(allowances.Count > 0 ? allowances[0] : double.NaN):0.000}, median {(allowances.Count > 0 ? allowances[allowances.Count / 2] : double.NaN):0.000}, {(allowances.Count > 0 ? allowances[^1] : double.NaN):0.000}] median_verdict_s={(durations.Count > 0 ? durations[durations.Count / 2] : double.NaN):0.0}"));
    Console.WriteLine($"accept-rerun case=slow10 (the accepted change again) {Tally(rerun)}");
    Console.WriteLine($"accept-rerun case=slow21 (10% more on top) {Tally(further)}");
    return 0;
}

async Task<PerfResult> JudgeAsync(ServiceBuilds serviceBuilds, string id)
{
    using var client = serviceBuilds.CreateClient();
    var result = await Perf.Measure("GET /work", async ct => (await client.GetAsync(new Uri("/work", UriKind.Relative), ct)).EnsureSuccessStatusCode().Dispose())
        .AgainstBaseline("Quality", id, serviceBuilds, store, margin)
        .WithOptions(o => o with { BuildPairs = pairs, BuildExtensionPairs = extensionPairs, BuildExtensions = extensions, BuildPairSpread = pairSpread, BuildPairSpreadWeight = pairSpreadWeight, ConfirmRegressions = confirm, BuildConfirmClearRegressions = confirmClear, BuildMaxWarmupTime = maxWarmup ?? o.BuildMaxWarmupTime })
        .RunAsync();
    if (result.Verdicts.Any(v => v.Outcome is VerdictOutcome.Regression or VerdictOutcome.Inconclusive or VerdictOutcome.Invalid))
    {
        Console.Error.WriteLine($"  {string.Join(Environment.NewLine + "  ", result.Verdicts.Select(v => v.Message))}");
    }

    return result;
}

// One line per block: enough to re-analyse every verdict (pair effects, order effects, drift within a pass).
static async Task WriteBlocksAsync(StreamWriter dump, string name, int run, PerfResult result, Verdict latency)
{
    foreach (var pair in result.BuildPairs ?? [])
    {
        for (var block = 0; block < pair.Blocks.Count; block++)
        {
            var b = pair.Blocks[block];
            await dump.WriteLineAsync(JsonSerializer.Serialize(new
            {
                run = $"{name}-{run}",
                @case = name,
                seed = result.Seed,
                outcome = latency.Outcome.ToString(),
                pass = pair.Pass,
                pair = pair.Pair,
                dropped = pair.Dropped,
                first = pair.First == BuildSide.Current ? "working" : "baseline",
                block,
                passBlock = b.PassBlock,
                order = b.WorkingTreeFirst ? "ABBA" : "BAAB",
                baselineNs = b.BaselineNs,
                workingNs = b.WorkingTreeNs,
            }));
        }
    }

    await dump.FlushAsync();
}

IReadOnlyDictionary<string, string> WorkerRuntimeSettings()
{
    var settings = new Dictionary<string, string>(new ServiceBuildsOptions().RuntimeSettings);
    if (workerPgo is { } on)
    {
        settings["DOTNET_TieredPGO"] = on ? "1" : "0";
    }

    return settings;
}
