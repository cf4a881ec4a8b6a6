using System.Globalization;
using PerfAssert.History;
using PerfAssert.Reporting;

namespace PerfAssert.Tool;

/// <summary><c>history record | show | report | export</c>: the performance history, in the store <c>--store</c> or <c>PERFASSERT_HISTORY</c> names.</summary>
internal static class HistoryCommand
{
    public static async Task<int> RunAsync(string command, CliOptions options, Func<string> defaultResults, TextWriter output)
    {
        var store = Open(options["--store"]);
        switch (command)
        {
            case "history record":
                return await RecordAsync(store, options, defaultResults, output);
            case "history show":
                return await ShowAsync(store, options, output);
            case "history report":
                return await ReportAsync(store, options, output);
            case "history export":
                return await ExportAsync(store, options, output);
            default:
                throw new ArgumentException($"unknown command '{command}'.{Environment.NewLine}{Cli.Usage}");
        }
    }

    /// <summary>The store <paramref name="location"/> names, else <c>PERFASSERT_HISTORY</c>'s, else <c>perfassert-history.db</c> in the current directory.</summary>
    public static HistoryStore Open(string? location) => HistoryStore.Open(location
        ?? (Environment.GetEnvironmentVariable(HistoryStore.LocationVariable) is { Length: > 0 } configured ? configured : Path.Combine(Directory.GetCurrentDirectory(), HistoryStore.DefaultFile)));

    private static async Task<int> RecordAsync(HistoryStore store, CliOptions options, Func<string> defaultResults, TextWriter output)
    {
        var results = Path.GetFullPath(options["--results"] ?? defaultResults());
        // The run was made in the repository the tool runs in; its results may have been downloaded anywhere.
        var detected = RunInfo.Detect(Directory.GetCurrentDirectory());
        var run = detected with
        {
            Key = options["--run"] ?? detected.Key,
            Repository = options["--repository"] ?? detected.Repository,
            Branch = options["--branch"] ?? detected.Branch,
            // A commit named on the command line is recorded by its full hash (an abbreviation, a tag) and with its own parent
            // when this repository has it.
            Commit = options["--commit"] is { } named ? Revision(named + "^{commit}") ?? named : detected.Commit,
            Parent = options["--parent"] ?? (options["--commit"] is { } commit ? Revision(commit + "^1") : detected.Parent),
        };

        var outcome = await store.RecordAsync(results, run);
        await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
            $"{(outcome.Added == 0 ? "Nothing new" : $"Recorded {outcome.Added} result{(outcome.Added == 1 ? string.Empty : "s")}")} from {results} in {store.Description} (run {outcome.RunKey}; commit {run.Commit ?? "unknown"} on {run.Branch ?? "no branch"}){(outcome.AlreadyRecorded > 0 ? $"; {outcome.AlreadyRecorded} already recorded" : string.Empty)}{(outcome.Annotations > 0 ? $"; {outcome.Annotations} accepted change{(outcome.Annotations == 1 ? string.Empty : "s")} noted" : string.Empty)}."));
        return 0;
    }

    private static async Task<int> ShowAsync(HistoryStore store, CliOptions options, TextWriter output)
    {
        var test = options["--test"] ?? throw new ArgumentException($"history show needs --test TEXT (part of a test's or operation's name).{Environment.NewLine}{Cli.Usage}");
        var snapshot = await store.ReadAsync(Query(options), CancellationToken.None);
        var trends = HistoryAnalysis.Analyse(snapshot);
        if (trends.Sum(c => c.Operations.Count) == 0)
        {
            await output.WriteLineAsync($"No recorded operation's test or name contains '{test}' in {store.Description} ({snapshot.Runs.Count} runs match the filters).");
            return 0;
        }

        foreach (var machine in trends)
        {
            foreach (var operation in machine.Operations)
            {
                await output.WriteLineAsync($"{operation.Operation.Title} [{operation.Operation.Assembly}] on {machine.MachineClass}");
                var byRun = operation.Series.SelectMany(s => s.Points.Select(p => (s.Measure, Point: p))).GroupBy(x => x.Point.Run.Id);
                foreach (var run in byRun)
                {
                    var first = run.First().Point.Run;
                    var cells = run.Select(x => string.Create(CultureInfo.InvariantCulture,
                        $"{x.Measure.Label} {x.Point.Value:#,0.####}{(x.Point.Lower is { } lo && x.Point.Upper is { } hi ? $" [{lo:#,0.####}, {hi:#,0.####}]" : string.Empty)} {x.Measure.Unit}"));
                    await output.WriteLineAsync($"  {first.Time:yyyy-MM-dd HH:mm} {first.ShortCommit} {first.Branch ?? "-"}: {string.Join("; ", cells)}");
                }

                foreach (var series in operation.Series)
                {
                    foreach (var change in series.Changes)
                    {
                        await output.WriteLineAsync($"  {(change.Accepted is null ? "change point" : "accepted")}: {change.Describe(series.Measure)}{(change.Accepted is null ? string.Empty : $" ({change.Accepted.Note})")}");
                    }
                }
            }
        }

        return 0;
    }

    private static async Task<int> ReportAsync(HistoryStore store, CliOptions options, TextWriter output)
    {
        var directory = Path.GetFullPath(options["--out"] ?? Path.Combine(Directory.GetCurrentDirectory(), Cli.DefaultReportFolder));
        var current = options["--results"] is { } results ? ResultsReader.ReadDirectory(results) : null;
        var snapshot = await store.ReadAsync(Query(options), CancellationToken.None);
        var trends = HistoryAnalysis.Analyse(snapshot);
        Directory.CreateDirectory(directory);
        var html = Path.Combine(directory, "history.html");
        var markdown = Path.Combine(directory, "history.md");
        await File.WriteAllTextAsync(html, HistoryReport.Html(snapshot, trends, "Performance history"));
        await File.WriteAllTextAsync(markdown, HistoryReport.Markdown(snapshot, trends, current));
        var alerts = trends.Sum(c => c.Operations.Sum(o => o.Alerts.Count()));
        await output.WriteLineAsync($"{snapshot.Runs.Count} runs, {snapshot.MeasuredOperations} operations from {store.Description}: {alerts} change point{(alerts == 1 ? string.Empty : "s")} to look at (advisory).");
        await output.WriteLineAsync($"wrote {html}");
        await output.WriteLineAsync($"wrote {markdown}");
        return 0;
    }

    private static async Task<int> ExportAsync(HistoryStore store, CliOptions options, TextWriter output)
    {
        Func<HistorySnapshot, string> export = options["--format"] switch
        {
            "csv" => HistoryExport.Csv,
            "bencher" => snapshot => HistoryExport.Bencher(snapshot, options["--run"]),
            var other => throw new ArgumentException($"history export needs --format csv or bencher{(other is null ? string.Empty : $", not '{other}'")}.{Environment.NewLine}{Cli.Usage}"),
        };
        var text = export(await store.ReadAsync(Query(options), CancellationToken.None));
        if (options["--out"] is { } file)
        {
            await File.WriteAllTextAsync(Path.GetFullPath(file), text);
            await output.WriteLineAsync($"wrote {Path.GetFullPath(file)}");
        }
        else
        {
            await output.WriteAsync(text);
        }

        return 0;
    }

    private static HistoryQuery Query(CliOptions options) => new()
    {
        Repository = options["--repository"],
        Branch = options["--branch"],
        MachineClass = options["--machine-class"],
        Operation = options["--test"],
        LastRuns = options["--last"] is { } last
            ? int.TryParse(last, NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n > 0 ? n : throw new ArgumentException($"--last '{last}' is not a positive whole number.")
            : new HistoryQuery().LastRuns,
    };

    private static string? Revision(string revision) => RunInfo.Git(Directory.GetCurrentDirectory(), "rev-parse", "-q", "--verify", revision);
}
