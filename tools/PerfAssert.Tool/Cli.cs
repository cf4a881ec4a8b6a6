using System.Globalization;
using PerfAssert.Baselines;
using PerfAssert.Reporting;

namespace PerfAssert.Tool;

/// <summary>The commands: accept, diff, list, orphans, render, bdn, baseline show | move | build, history record | show | report | export, and bisect (and bisect step).</summary>
internal static class Cli
{
    /// <summary>What <c>--help</c> prints and every bad-input message ends with.</summary>
    public const string Usage = """
        usage: perfassert <command> [options]
          accept  [--baselines DIR] [--from DIR]     move candidate baselines (*.received.json) into place, printing old and new
          diff    [--baselines DIR] [--from DIR]     show what accepting would change, without changing anything
          list    [--baselines DIR]                  list every baseline entry
          orphans [--baselines DIR] [--results DIR]  list entries no test of the last run used
          render  [--results DIR|FILE] [--out DIR] [--format md|html|both] [--fail-on-regression]
                  write report.md and/or report.html: a pull-request summary of a test run's per-test results
          bdn     --report FILE --baseline FILE [--out DIR] [--fail-on-regression]
                  judge a BenchmarkDotNet full JSON export against a committed one: allocations judged, timings
                  advisory; prints every verdict and writes report.md
          baseline show  [--baselines DIR]           the reference commit latency is judged against, and every allowance
          baseline move  [--commit REV] [--baselines DIR]
                  make REV (default HEAD) the reference commit (baselines/reference.json) and drop every latency
                  allowance, which was relative to the old reference; refused on CI; changes nothing when REV is
                  the reference already
          baseline build --project PATH [--project PATH ...] [--commit REV] [--baselines DIR]
                  build each PATH (relative to the repository root) at the reference commit, or REV, into
                  artifacts/baseline-builds/ (or PERFASSERT_BUILD_CACHE), unless it is built already ("cached")
          history record [--results DIR] [--store LOC] [--run KEY] [--repository R] [--branch B] [--commit SHA] [--parent SHA]
                  record a test run's results in the performance history (once: recording again adds nothing);
                  the commit, branch, repository and CI run come from git and the CI's variables unless given
          history show   --test TEXT [--store LOC] [--branch B] [--machine-class C] [--last N]
                  every recorded run of the operations whose test or name contains TEXT, with their change points
          history report [--store LOC] [--out DIR] [--results DIR] [--branch B] [--machine-class C] [--test TEXT] [--last N]
                  write history.html (a trend chart per operation and measure) and history.md (change points; with
                  --results, that run against the history's recent runs on its machine class)
          history export --format csv|bencher [--store LOC] [--out FILE] [--run KEY] [filters as report]
                  every run as CSV, or one run (the newest, or KEY) in Bencher's metric format (BMF JSON)
          bisect  --test NAME (--good REV --bad REV | --from-history [--operation TEXT] [--branch B])
                  [--project PATH] [--out DIR] [--timeout MIN] [--no-diagnosis] [--store LOC]
                  which commits of the first-parent range made the test's operation slower: each comparison runs the
                  test (its name, or a dotnet test --filter expression) in a worktree of the later commit with the
                  earlier one as the reference build; the endpoints first, then a bisection; every adjacent pair found
                  slower is a culprit; writes bisect.md and records each comparison in the history
          bisect step --test NAME --against REV [--project PATH] [--timeout MIN]
                  for git bisect run: the checked-out commit against REV: 0 not slower, 1 slower, 125 cannot tell
        defaults: --store: PERFASSERT_HISTORY (a SQLite file or a PostgreSQL connection string), else
          perfassert-history.db in the current directory; --last: 1000 runs; the nearest 'baselines' folder above the current directory (or PERFASSERT_BASELINES);
          --from: the candidates beside it; --results: PERFASSERT_RESULTS, else TestResults/perfassert beside the
          baselines folder; --out: perfassert-report in the current directory; --format: both.
        exit codes: 0 done (render reports failing verdicts without judging), 1 a test failed and --fail-on-regression
          was given, 2 bad input (nothing was changed) or a reference build that cannot be made (the builds before it
          stay cached); bisect: 0 a culprit named, 3 not reproducible (the bad commit is not slower), 4 cannot tell;
          --project defaults to the one project file in the current directory, --timeout to 20 minutes a test run.
        """;

    /// <summary>The folder <c>render</c> writes to when <c>--out</c> is not given, under the current directory.</summary>
    public const string DefaultReportFolder = "perfassert-report";

    /// <summary>
    /// Runs a command as the process does: bad input (a missing folder, a corrupt file, a wrong option) is reported on
    /// <paramref name="error"/> and exits 2.
    /// </summary>
    public static async Task<int> MainAsync(string[] args, TextWriter output, TextWriter error, bool? ci = null)
    {
        try
        {
            return await RunAsync(args, output, ci);
        }
        catch (Exception ex) when (ex is BaselineException or PerfAssert.History.HistoryException or BenchmarkDotNet.BenchmarkBridgeException or BaselineBuildUnavailableException or IOException or InvalidDataException or UnauthorizedAccessException or InvalidOperationException or ArgumentException)
        {
            await error.WriteLineAsync("perfassert: " + ex.Message);
            return 2;
        }
    }

    /// <summary>Runs a command, throwing on bad input; <paramref name="ci"/> defaults to the <c>CI</c> environment variable.</summary>
    public static async Task<int> RunAsync(string[] args, TextWriter output, bool? ci = null)
    {
        var onCi = ci ?? BaselineStore.CiFromEnvironment;
        if (args.Length == 0 || args[0] is "-h" or "--help")
        {
            await output.WriteLineAsync(Usage);
            return args.Length == 0 ? 2 : 0;
        }

        var command = args[0];
        if (command is "baseline" or "history")
        {
            if (args.Length == 1)
            {
                throw new ArgumentException($"'{command}' needs one of {(command == "baseline" ? "show, move, build" : "record, show, report, export")}.{System.Environment.NewLine}{Usage}");
            }

            var sub = $"{command} {args[1]}";
            var subOptions = CliOptions.Parse(sub, args[2..]);
            return command == "baseline"
                ? await BaselineCommand.RunAsync(sub, subOptions, onCi, output)
                : await HistoryCommand.RunAsync(sub, subOptions, () => DefaultResults(StoreForResults(subOptions)), output);
        }

        if (command == "bisect")
        {
            return args.Length > 1 && args[1] == "step"
                ? await Bisect.BisectCommand.StepAsync(CliOptions.Parse("bisect step", args[2..]), output)
                : await Bisect.BisectCommand.RunAsync(CliOptions.Parse("bisect", args[1..]), output);
        }

        var options = CliOptions.Parse(command, args[1..]);
        switch (command)
        {
            case "accept" when onCi:
                throw new InvalidOperationException("CI=true: baselines are never accepted on CI. Download the candidates and accept them locally with --from.");
            case "accept":
                return await AcceptAsync(Store(options), options["--from"], output);
            case "diff":
                return await DiffAsync(Store(options), options["--from"], output);
            case "list":
                return await ListAsync(Store(options), output);
            case "orphans":
                var store = Store(options);
                return await OrphansAsync(store, options["--results"] ?? DefaultResults(store), output);
            case "render":
                return await RenderCommand.RunAsync(options, () => DefaultResults(StoreForResults(options)), output);
            case "bdn":
                return await BenchmarkDotNetCommand.RunAsync(options, output);
            default:
                throw new ArgumentException($"unknown command '{command}'.{System.Environment.NewLine}{Usage}");
        }
    }

    /// <summary>The store a command works on: <c>--baselines</c>, else the nearest <c>baselines</c> folder above the current directory.</summary>
    internal static BaselineStore StoreFor(CliOptions options) => Store(options);

    private static async Task<int> AcceptAsync(BaselineStore store, string? from, TextWriter output)
    {
        var changes = await BaselineAcceptor.AcceptAsync(store, from);
        if (changes.Count == 0)
        {
            await output.WriteLineAsync($"No candidates in {from ?? store.CandidateDirectory}: nothing to accept.");
            return 0;
        }

        await output.WriteLineAsync(ChangeTable.Render(changes));
        await output.WriteLineAsync($"Accepted {changes.Count} entr{(changes.Count == 1 ? "y" : "ies")}. Review the diff under {store.Relative(store.Directory)}/ and commit it with the change that caused it.");
        return 0;
    }

    private static async Task<int> DiffAsync(BaselineStore store, string? from, TextWriter output)
    {
        var directory = Path.GetFullPath(from ?? store.CandidateDirectory);
        if (!Directory.Exists(directory))
        {
            throw new DirectoryNotFoundException($"No candidate folder at {directory}.");
        }

        var changes = new List<AcceptedChange>();
        foreach (var path in Directory.GetFiles(directory, "*.received.json").Order(StringComparer.Ordinal))
        {
            var fileName = Path.GetFileName(path)[..^".received.json".Length];
            var committed = store.Load(fileName);
            changes.AddRange(store.Read(path).Entries.Select(e => new AcceptedChange(store.Relative(store.PathOf(fileName)), e.Key, committed.Entries.GetValueOrDefault(e.Key), e.Value)));
        }

        await output.WriteLineAsync(changes.Count == 0 ? "No candidates." : ChangeTable.Render(changes));
        return 0;
    }

    private static async Task<int> ListAsync(BaselineStore store, TextWriter output)
    {
        if (BaselineReference.Read(store) is { } reference)
        {
            await output.WriteLineAsync($"{store.Relative(BaselineReference.PathIn(store))}: reference commit {reference.Commit}");
        }

        foreach (var path in store.BaselineFiles())
        {
            var file = store.Read(path);
            await output.WriteLineAsync($"{store.Relative(path)} ({file.Entries.Count} entries)");
            foreach (var (id, entry) in file.Entries)
            {
                await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                    $"  {id}: {entry.AllocatedBytesPerOp:#,0.##} B/op, {entry.CalibrationRatio.Estimate:0.###}x calibration{(entry.PartnerRatio is null ? string.Empty : $", {entry.PartnerRatio.Estimate:0.###}x partner")}, {entry.Environment.MachineClass}"));
            }
        }

        return 0;
    }

    private static async Task<int> OrphansAsync(BaselineStore store, string results, TextWriter output)
    {
        // The same strict reader as render: a missing, empty or corrupt results folder is an error, not "everything is orphaned".
        var directory = Path.GetFullPath(results);
        var used = ResultsReader.ReadDirectory(directory)
            .Where(r => r.BaselineFile is not null && r.BaselineId is not null)
            .Select(r => (r.BaselineFile!, r.BaselineId!))
            .ToHashSet();

        var orphans = store.BaselineFiles()
            .SelectMany(p => store.Read(p).Entries.Keys.Select(id => (File: Path.GetFileNameWithoutExtension(p), Id: id)))
            .Where(e => !used.Contains(e))
            .ToList();
        foreach (var (file, id) in orphans)
        {
            await output.WriteLineAsync($"orphan: baselines/{file}.json '{id}' (no test used it in {directory})");
        }

        await output.WriteLineAsync($"{orphans.Count} orphaned entr{(orphans.Count == 1 ? "y" : "ies")}; {used.Count} used.");
        return 0;
    }

    /// <summary>Where the xUnit adapter writes results: <c>PERFASSERT_RESULTS</c>, else <c>TestResults/perfassert</c> beside the baselines.</summary>
    private static string DefaultResults(BaselineStore store) => ResultFiles.DirectoryFor(store);

    // render needs the baselines folder only to find the results beside it, so a failed search suggests --results.
    private static BaselineStore StoreForResults(CliOptions options)
    {
        try
        {
            return Store(options);
        }
        catch (BaselineException ex)
        {
            throw new BaselineException($"{ex.Message} Or pass the results with --results.", ex);
        }
    }

    private static BaselineStore Store(CliOptions options) =>
        options["--baselines"] is { } directory
            ? Directory.Exists(directory) ? new BaselineStore(directory) : throw new DirectoryNotFoundException($"No baselines folder at {Path.GetFullPath(directory)}.")
            : BaselineStore.Discover(Directory.GetCurrentDirectory());
}
