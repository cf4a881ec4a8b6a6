using System.Diagnostics;
using System.Globalization;
using Npgsql;
using PerfAssert;
using PerfAssert.Environments;
using PerfAssert.History;
using PerfAssert.Measurement;
using PerfAssert.Reporting;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

// The performance history's own benchmark (issue 43): a store holding RUNS runs of OPERATIONS operations each (default
// 1,000 x 50), then the two things users wait for, each timed five times: recording one more run from its results folder
// (read, check, hash and write it, as `perfassert history record` does), and building the report over every stored run
// (read, analyse every series for change points, write the HTML and the Markdown), as `perfassert history report` does.
// Prints what one run costs in the store. SQLite in a temp file by default; --store names a PostgreSQL database to fill
// (an empty one: the benchmark writes its runs into it).
//
//   dotnet run -c Release --project tools/HistoryBenchmark -- [--runs N] [--operations N] [--store LOC]
var runs = Option("--runs", 1000);
var operations = Option("--operations", 50);
var temp = Directory.CreateTempSubdirectory("perfassert-history-benchmark-").FullName;
var location = args.SkipWhile(a => a != "--store").Skip(1).FirstOrDefault() ?? Path.Combine(temp, "history.db");
var store = HistoryStore.Open(location);
var random = new Random(7);
var machine = new EnvironmentInfo { Os = "linux", Architecture = "x64", Cores = 2, Runtime = "10.0.0", ServerGc = false };

try
{
    var fill = Stopwatch.StartNew();
    for (var run = 1; run <= runs; run++)
    {
        var results = Enumerable.Range(0, operations).Select(op => Result(op, run)).ToList();
        await store.RecordAsync(RunBatch.Create(Info(run), [.. results.Select(r => RecordedResult.From(r, PerfJson.Serialize(r)))], [], DateTimeOffset.UnixEpoch), CancellationToken.None);
    }

    Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{store.Description}: {runs:#,0} runs x {operations} operations written in {fill.Elapsed.TotalSeconds:0.0} s"));

    var recordTimes = new List<double>();
    for (var i = 1; i <= 5; i++)
    {
        var folder = Path.Combine(temp, $"results{i}");
        foreach (var result in Enumerable.Range(0, operations).Select(op => Result(op, runs + i)))
        {
            await ResultFiles.WriteAsync(result, folder);
        }

        var watch = Stopwatch.StartNew();
        var outcome = await store.RecordAsync(folder, Info(runs + i));
        recordTimes.Add(watch.Elapsed.TotalMilliseconds);
        if (outcome.Added != operations)
        {
            throw new InvalidOperationException($"recorded {outcome.Added} of {operations} results");
        }
    }

    var reportTimes = new List<double>();
    var (html, markdown, alerts) = (0, 0, 0);
    for (var i = 0; i < 5; i++)
    {
        var watch = Stopwatch.StartNew();
        var snapshot = await store.ReadAsync(new HistoryQuery { LastRuns = runs + 5 }, CancellationToken.None);
        var trends = HistoryAnalysis.Analyse(snapshot);
        var page = HistoryReport.Html(snapshot, trends, "Performance history");
        var summary = HistoryReport.Markdown(snapshot, trends, null);
        await File.WriteAllTextAsync(Path.Combine(temp, "history.html"), page);
        await File.WriteAllTextAsync(Path.Combine(temp, "history.md"), summary);
        reportTimes.Add(watch.Elapsed.TotalMilliseconds);
        (html, markdown, alerts) = (page.Length, summary.Length, trends.Sum(t => t.Operations.Sum(o => o.Alerts.Count())));
    }

    var bytes = await StoreBytesAsync();
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"record one run of {operations} results: median {Median(recordTimes):0} ms, max {recordTimes.Max():0} ms (5 runs)"));
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"report over {runs + 5:#,0} runs: median {Median(reportTimes):0} ms, max {reportTimes.Max():0} ms (5 builds; HTML {html / 1024.0 / 1024:0.0} MiB, Markdown {markdown / 1024.0:0.0} KiB, {alerts} change points in noise-only series)"));
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"store: {bytes / 1024.0 / 1024:0.0} MiB for {runs + 5:#,0} runs, {bytes / (double)(runs + 5) / 1024:0.0} KiB per run ({bytes / (double)((runs + 5) * operations):0} B per result)"));
}
finally
{
    Directory.Delete(temp, recursive: true);
}

int Option(string name, int fallback) =>
    args.SkipWhile(a => a != name).Skip(1).FirstOrDefault() is { } value ? int.Parse(value, CultureInfo.InvariantCulture) : fallback;

static double Median(List<double> values)
{
    var sorted = values.Order().ToList();
    return sorted[sorted.Count / 2];
}

RunInfo Info(int run) => new()
{
    Key = $"benchmark:{run}",
    Repository = "acme/orders",
    Branch = "main",
    Commit = Convert.ToHexStringLower(BitConverter.GetBytes((long)run)).PadRight(40, '0'),
    Time = new DateTimeOffset(2026, 1, 1, 0, 0, 0, TimeSpan.Zero).AddMinutes(run * 30),
};

// An operation's result with 2% noise in time and a verdict against the reference build; allocations are exact.
PerfResult Result(int operation, int run)
{
    var mean = (1000 + (operation * 250)) * (1 + (0.02 * (random.NextDouble() - 0.5)));
    var ratio = mean / (1000 + (operation * 250));
    return new PerfResult
    {
        Name = $"GET /orders/{operation}",
        Test = $"Orders.PerfTests.OrderTests.Get_Operation{operation}",
        Assembly = "Orders.PerfTests",
        Verdicts =
        [
            new Verdict
            {
                Subject = $"GET /orders/{operation}", Metric = "mean latency vs reference build", Unit = "ratio", Limit = 1.05,
                Measured = new Interval(ratio, ratio - 0.02, ratio + 0.02, 0.99, 16), Outcome = VerdictOutcome.Pass, Evidence = "2 fresh process pairs",
            },
        ],
        Subject = new OperationSummary
        {
            Name = $"GET /orders/{operation}", OpsPerSample = 8, MeanNs = mean, WarmupSettled = true,
            PerCall = new LatencyDistribution(1000, mean, mean * 0.97, mean * 1.2, mean * 1.5, mean * 3),
            Allocations = new AllocationMeasurement(1736 + operation, 0.4, 0, 0, 1000, 5, AllocationScope.Process),
            CalibrationRatio = mean / 20_000,
        },
        Calibration = new CalibrationSummary(20_000, 0.02, 64),
        Environment = machine,
        Seed = run,
        Duration = TimeSpan.FromSeconds(3),
        Strict = false,
        BaselineFile = "OrderTests",
        BaselineId = $"Get_Operation{operation}",
    };
}

async Task<long> StoreBytesAsync()
{
    if (!store.IsPostgres)
    {
        return new FileInfo(location).Length + (File.Exists(location + "-wal") ? new FileInfo(location + "-wal").Length : 0);
    }

    await using var connection = new NpgsqlConnection(location);
    await connection.OpenAsync();
    await using var command = new NpgsqlCommand("SELECT sum(pg_total_relation_size(c)) FROM unnest(ARRAY['runs', 'operations', 'results', 'verdicts', 'annotations']::regclass[]) AS c", connection);
    return Convert.ToInt64(await command.ExecuteScalarAsync(), CultureInfo.InvariantCulture);
}
