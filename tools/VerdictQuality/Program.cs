using System.Globalization;
using PerfAssert;
using PerfAssert.VerdictQuality;
using PerfAssert.Verdicts;

// Measures how good PerfAssert's verdicts are on this machine: A/A runs must never be judged Regression, injected
// slowdowns should be, and one extra allocation per op always. Prints one line per case and one summary line.
const string UsageText = "usage: dotnet run -c Release --project tools/VerdictQuality -- --runs N [--cases aa,slow3,slow5,slow10,slow20,alloc]   (N >= 1; default: every case)";
string[] allCases = ["aa", "slow3", "slow5", "slow10", "slow20", "alloc"];
var runs = 0;
var cases = allCases;
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

var slowdowns = new[] { 0.03, 0.05, 0.10, 0.20 };
var tally = new Dictionary<string, Dictionary<VerdictOutcome, int>>();
var durations = new List<double>();
// Per verdict: whether both sides' warm-ups settled (timed code promoted, the JIT quiet).
var settled = new List<bool>();
var started = DateTimeOffset.UtcNow;
for (var run = 1; run <= runs; run++)
{
    if (cases.Contains("aa"))
    {
        await Judge("aa", Workload.BaseRounds, allocating: false);
    }

    foreach (var slowdown in slowdowns.Where(s => cases.Contains($"slow{s * 100:0}")))
    {
        await Judge($"slow{slowdown * 100:0}", (int)Math.Round(Workload.BaseRounds * (1 + slowdown)), allocating: false);
    }

    if (cases.Contains("alloc"))
    {
        await Judge("alloc", Workload.BaseRounds, allocating: true);
    }
    if (run % 50 == 0 || run == runs)
    {
        Console.Error.WriteLine($"[{run}/{runs}] {(DateTimeOffset.UtcNow - started).TotalMinutes:0.0} min");
    }
}

foreach (var (name, outcomes) in tally)
{
    Console.WriteLine($"case={name} " + string.Join(' ', Enum.GetValues<VerdictOutcome>().Select(o => $"{o.ToString().ToLowerInvariant()}={outcomes.GetValueOrDefault(o)}")));
}

durations.Sort();
// A case left out with --cases prints n/a rather than a rate it never measured.
string Rate(string name) => tally.TryGetValue(name, out var outcomes)
    ? (outcomes.GetValueOrDefault(VerdictOutcome.Regression) / (double)runs).ToString("0.###", CultureInfo.InvariantCulture)
    : "n/a";
var falseRegressions = tally.TryGetValue("aa", out var aa) ? aa.GetValueOrDefault(VerdictOutcome.Regression).ToString(CultureInfo.InvariantCulture) : "n/a";
Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
    $"verdict-quality: runs={runs} false_regressions={falseRegressions} detect3={Rate("slow3")} detect5={Rate("slow5")} detect10={Rate("slow10")} detect20={Rate("slow20")} alloc_detect={Rate("alloc")} warmup_settled={settled.Count(s => s) / (double)settled.Count:0.###} median_verdict_s={Percentile(0.5):0.00} p95_verdict_s={Percentile(0.95):0.00}"));

return 0;

async Task Judge(string name, int subjectRounds, bool allocating)
{
    var test = allocating
        ? Perf.Measure("base + 1 allocation", () => Workload.RunAllocating(subjectRounds)).ComparedTo("base", () => Workload.Run(Workload.BaseRounds)).AllocatedBytesAtMostPartner()
        : Perf.Measure($"{name} subject", () => Workload.Run(subjectRounds)).ComparedTo("base", () => Workload.Run(Workload.BaseRounds)).MeanAtMost(1.0);
    var result = await test.RunAsync();
    var outcome = result.Verdicts[0].Outcome;
    var outcomes = tally.TryGetValue(name, out var found) ? found : tally[name] = [];
    outcomes[outcome] = outcomes.GetValueOrDefault(outcome) + 1;
    durations.Add(result.Duration.TotalSeconds);
    settled.Add(result.Subject.WarmupSettled && result.Partner?.WarmupSettled != false);
    if (name == "aa" && outcome == VerdictOutcome.Regression)
    {
        Console.Error.WriteLine("FALSE REGRESSION: " + result.Verdicts[0].Message);
    }
}

double Percentile(double p) => durations[(int)Math.Min(durations.Count - 1, Math.Floor(p * durations.Count))];

static int Usage(string problem)
{
    Console.Error.WriteLine($"verdict-quality: {problem}{System.Environment.NewLine}{UsageText}");
    return 2;
}
