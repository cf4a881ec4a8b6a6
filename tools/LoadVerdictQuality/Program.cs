using System.Diagnostics;
using System.Globalization;
using PerfAssert.Load;
using PerfAssert.Load.Testing;
using PerfAssert.LoadVerdictQuality;
using PerfAssert.Verdicts;

// How good load verdicts are on this machine (issue 42): a service loaded against itself (A/A) must never be judged a
// Regression; the same service made 10% slower per request (CPU work added until its own CPU per request is 10% higher)
// and the same work behind a lock must be. Each verdict is a same-run load test at the default options with the budget
// "requests per second at least 1.00 x the partner's". Prints one line per case and one summary line.
const string UsageText = "usage: dotnet run -c Release --project tools/LoadVerdictQuality -- --runs N [--cases aa,slow10,lock] [--work-us W]   (N >= 1; default: every case, W = 100)";
string[] allCases = ["aa", "slow10", "lock"];
var runs = 0;
var cases = allCases;
var work = 100;
for (var i = 0; i < args.Length; i += 2)
{
    var value = i + 1 < args.Length ? args[i + 1] : null;
    switch (args[i])
    {
        case var _ when value is null:
            return Usage($"'{args[i]}' needs a value.");
        case "--runs" when int.TryParse(value, CultureInfo.InvariantCulture, out var n) && n > 0:
            runs = n;
            break;
        case "--work-us" when int.TryParse(value, CultureInfo.InvariantCulture, out var w) && w > 0:
            work = w;
            break;
        case "--cases":
            cases = value.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
            if (cases.Length == 0 || cases.Any(c => !allCases.Contains(c)))
            {
                return Usage($"unknown case in '--cases {value}'.");
            }

            break;
        default:
            return Usage($"unexpected '{args[i]} {value}'.");
    }
}

if (runs == 0)
{
    return Usage("--runs N is required.");
}

await using var service = await WorkService.StartAsync();
// The 10% slower side: the service's own CPU per request (this process's CPU time over a calibration run, less nothing:
// the load worker runs in a process of its own) times 0.10, added as more busy work.
var perRequest = await service.CpuPerRequestAsync(work);
var slower = work + (int)Math.Round(0.10 * perRequest.TotalMicroseconds);
Console.Error.WriteLine(string.Create(CultureInfo.InvariantCulture, $"service CPU per request at {work} us of work: {perRequest.TotalMicroseconds:0.0} us; the 10% slower side works {slower} us"));

var tally = new Dictionary<string, Dictionary<VerdictOutcome, int>>();
var estimates = new Dictionary<string, List<double>>();
var durations = new List<double>();
var started = Stopwatch.GetTimestamp();
for (var run = 1; run <= runs; run++)
{
    if (cases.Contains("aa"))
    {
        await Judge("aa", service.Plan("work again", work, locked: false));
    }

    if (cases.Contains("slow10"))
    {
        await Judge("slow10", service.Plan("work 10% slower", slower, locked: false));
    }

    if (cases.Contains("lock"))
    {
        await Judge("lock", service.Plan("work behind a lock", work, locked: true));
    }

    if (run % 10 == 0 || run == runs)
    {
        Console.Error.WriteLine(string.Create(CultureInfo.InvariantCulture, $"[{run}/{runs}] {Stopwatch.GetElapsedTime(started).TotalMinutes:0.0} min"));
    }
}

foreach (var (name, outcomes) in tally)
{
    var sorted = estimates[name].Order().ToArray();
    Console.WriteLine($"case={name} " + string.Join(' ', Enum.GetValues<VerdictOutcome>().Select(o => $"{o.ToString().ToLowerInvariant()}={outcomes.GetValueOrDefault(o)}"))
        + string.Create(CultureInfo.InvariantCulture, $" ratio_median={sorted[sorted.Length / 2]:0.###} ratio_min={sorted[0]:0.###} ratio_max={sorted[^1]:0.###}"));
}

durations.Sort();
string Rate(string name) => tally.TryGetValue(name, out var outcomes)
    ? (outcomes.GetValueOrDefault(VerdictOutcome.Regression) / (double)runs).ToString("0.###", CultureInfo.InvariantCulture)
    : "n/a";
var falseRegressions = tally.TryGetValue("aa", out var aa) ? aa.GetValueOrDefault(VerdictOutcome.Regression).ToString(CultureInfo.InvariantCulture) : "n/a";
Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
    $"load: runs={runs} false_regressions={falseRegressions} detect10={Rate("slow10")} lock_detect={Rate("lock")} median_verdict_s={Percentile(0.5):0.0} p95_verdict_s={Percentile(0.95):0.0}"));
return 0;

async Task Judge(string name, LoadPlan subject)
{
    var result = await LoadTest.Of(subject)
        .ComparedTo(service.Plan("work", work, locked: false))
        .RequestsPerSecondAtLeast(1.0)
        .RunAsync();
    var verdict = result.Verdicts.Single(v => v.Metric == "requests/s ratio");
    var outcomes = tally.TryGetValue(name, out var found) ? found : tally[name] = [];
    outcomes[verdict.Outcome] = outcomes.GetValueOrDefault(verdict.Outcome) + 1;
    (estimates.TryGetValue(name, out var list) ? list : estimates[name] = []).Add(verdict.Measured.Estimate);
    durations.Add(result.Duration.TotalSeconds);
    if (result.Verdicts[0].Outcome != VerdictOutcome.Pass || (name == "aa" && verdict.Outcome == VerdictOutcome.Regression))
    {
        Console.Error.WriteLine($"{name}: {string.Join(" | ", result.Verdicts.Select(v => v.Message))}");
    }
}

double Percentile(double p) => durations[(int)Math.Min(durations.Count - 1, Math.Floor(p * durations.Count))];

static int Usage(string problem)
{
    Console.Error.WriteLine($"load-verdict-quality: {problem}{Environment.NewLine}{UsageText}");
    return 2;
}
