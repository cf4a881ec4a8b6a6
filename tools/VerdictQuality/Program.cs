using System.Globalization;
using PerfAssert;
using PerfAssert.VerdictQuality;
using PerfAssert.Verdicts;

// Measures how good PerfAssert's verdicts are on this machine: A/A runs must never be judged Regression, injected
// slowdowns should be, and one extra allocation per op always. Prints one line per case and one summary line.
var runs = args.Length >= 2 && args[0] == "--runs" && int.TryParse(args[1], CultureInfo.InvariantCulture, out var n) && n > 0
    ? n
    : throw new ArgumentException("usage: dotnet run -c Release --project tools/VerdictQuality -- --runs N   (N >= 1)");

var slowdowns = new[] { 0.03, 0.05, 0.10, 0.20 };
var tally = new Dictionary<string, Dictionary<VerdictOutcome, int>>();
var durations = new List<double>();
var started = DateTimeOffset.UtcNow;
for (var run = 1; run <= runs; run++)
{
    await Judge("aa", Workload.BaseRounds, allocating: false);
    foreach (var slowdown in slowdowns)
    {
        await Judge($"slow{slowdown * 100:0}", (int)Math.Round(Workload.BaseRounds * (1 + slowdown)), allocating: false);
    }

    await Judge("alloc", Workload.BaseRounds, allocating: true);
    if (run % 10 == 0 || run == runs)
    {
        Console.Error.WriteLine($"[{run}/{runs}] {(DateTimeOffset.UtcNow - started).TotalMinutes:0.0} min");
    }
}

foreach (var (name, outcomes) in tally)
{
    Console.WriteLine($"case={name} " + string.Join(' ', Enum.GetValues<VerdictOutcome>().Select(o => $"{o.ToString().ToLowerInvariant()}={outcomes.GetValueOrDefault(o)}")));
}

durations.Sort();
double Rate(string name) => tally[name].GetValueOrDefault(VerdictOutcome.Regression) / (double)runs;
Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
    $"verdict-quality: runs={runs} false_regressions={tally["aa"].GetValueOrDefault(VerdictOutcome.Regression)} detect3={Rate("slow3"):0.###} detect5={Rate("slow5"):0.###} detect10={Rate("slow10"):0.###} detect20={Rate("slow20"):0.###} alloc_detect={Rate("alloc"):0.###} median_verdict_s={Percentile(0.5):0.00} p95_verdict_s={Percentile(0.95):0.00}"));

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
    if (name == "aa" && outcome == VerdictOutcome.Regression)
    {
        Console.Error.WriteLine("FALSE REGRESSION: " + result.Verdicts[0].Message);
    }
}

double Percentile(double p) => durations[(int)Math.Min(durations.Count - 1, Math.Floor(p * durations.Count))];
