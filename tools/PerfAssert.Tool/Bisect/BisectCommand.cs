using System.Diagnostics;
using System.Globalization;
using System.Text;
using PerfAssert.History;
using PerfAssert.Hosting.Builds;

namespace PerfAssert.Tool.Bisect;

/// <summary>
/// <c>bisect</c>: which commit of a range made a test's operation slower (<see cref="BisectSearch"/> over
/// <see cref="TestRunComparer"/>), from <c>--good</c> and <c>--bad</c> or from the history's latest change point of the
/// operation; and <c>bisect step</c>, one comparison of the checked-out commit for <c>git bisect run</c>.
/// </summary>
internal static class BisectCommand
{
    /// <summary>Exit code: the last commit is not slower than the first.</summary>
    public const int NotReproducible = 3;

    /// <summary>Exit code: no culprit could be named (the comparisons could not tell).</summary>
    public const int CannotTell = 4;

    /// <summary>The branch bisect's comparisons are recorded on in the history, apart from the branches' own runs.</summary>
    public const string HistoryBranch = "perfassert-bisect";

    public static async Task<int> RunAsync(CliOptions options, TextWriter output, CancellationToken cancellationToken = default)
    {
        var started = Stopwatch.GetTimestamp();
        var setup = Setup(options, inPlace: false);
        var root = setup.RepositoryRoot;
        var (good, bad, origin) = await RangeAsync(options, root, cancellationToken);
        var commits = await CommitRange.ListAsync(root, good, bad, cancellationToken);
        await output.WriteLineAsync($"Bisecting {commits.Count} commits, {commits[0].Short} (good) to {commits[^1].Short} (bad){origin}, on the test {setup.Filter} of {setup.Project}.");
        await output.WriteLineAsync($"Each comparison runs that test with the earlier commit as the reference build; work in {setup.WorkFolder}.");

        await using var comparer = new TestRunComparer(setup, output);
        var history = new List<string>();
        var search = new BisectSearch(comparer, c => output.WriteLine(Line(c)));
        var result = await search.RunAsync(commits, cancellationToken);
        foreach (var comparison in result.Comparisons)
        {
            if (comparer.Results.TryGetValue((comparison.Later.Sha, comparison.Earlier.Sha), out var results) && Directory.EnumerateFiles(results, "*.json").Any())
            {
                history.Add(await RecordAsync(options, comparison, results));
            }
        }

        var elapsed = Stopwatch.GetElapsedTime(started);
        var summary = Summary(result, setup, elapsed);
        await output.WriteLineAsync();
        await output.WriteAsync(summary);
        foreach (var line in history)
        {
            await output.WriteLineAsync(line);
        }

        var folder = Path.GetFullPath(options["--out"] ?? Path.Combine(Directory.GetCurrentDirectory(), Cli.DefaultReportFolder));
        Directory.CreateDirectory(folder);
        var markdown = Path.Combine(folder, "bisect.md");
        await File.WriteAllTextAsync(markdown, summary, cancellationToken);
        await output.WriteLineAsync($"wrote {markdown}");
        return result.Conclusion switch
        {
            BisectConclusion.Found => 0,
            BisectConclusion.NotReproducible => NotReproducible,
            _ => CannotTell,
        };
    }

    /// <summary>
    /// <c>bisect step</c>: the checked-out commit against <c>--against</c>, for <c>git bisect run</c>: 0 when it is not
    /// slower (good), 1 when it is (bad), 125 when it cannot be told or built (skip).
    /// </summary>
    public static async Task<int> StepAsync(CliOptions options, TextWriter output, CancellationToken cancellationToken = default)
    {
        var setup = Setup(options, inPlace: true);
        var against = options["--against"] ?? throw new ArgumentException($"bisect step needs --against REV (the commit known to be fast).{Environment.NewLine}{Cli.Usage}");
        var builder = new BaselineBuilder(setup.RepositoryRoot);
        var head = await builder.ResolveAsync("HEAD", cancellationToken);
        var earlier = await CommitRange.DescribeAsync(setup.RepositoryRoot, await builder.ResolveAsync(against, cancellationToken), cancellationToken);
        var later = await CommitRange.DescribeAsync(setup.RepositoryRoot, head, cancellationToken);
        await using var comparer = new TestRunComparer(setup, output);
        var step = await comparer.CompareAsync(later, earlier, cancellationToken);
        await output.WriteLineAsync($"{later.Short} against {earlier.Short}: {Word(step.Outcome)}: {step.Detail}");
        return step.Outcome switch
        {
            StepOutcome.Same => 0,
            StepOutcome.Slower => 1,
            _ => 125,
        };
    }

    /// <summary>One comparison as it is made.</summary>
    internal static string Line(BisectComparison c) => string.Create(CultureInfo.InvariantCulture,
        $"  {c.Number}. {c.Later.Short} against {c.Earlier.Short}: {Word(c.Step.Outcome)}, {c.Step.Detail} ({c.Took.TotalSeconds:0} s)");

    /// <summary>What the search found, as Markdown (a CI job's summary takes it as it is).</summary>
    internal static string Summary(BisectResult result, BisectSetup setup, TimeSpan elapsed)
    {
        var text = new StringBuilder();
        var commits = result.Commits;
        text.AppendLine(CultureInfo.InvariantCulture, $"## Bisect: {setup.Filter}");
        text.AppendLine();
        text.AppendLine(CultureInfo.InvariantCulture, $"{commits.Count} commits, `{commits[0].Short}` (good) to `{commits[^1].Short}` (bad): {result.Comparisons.Count} comparison{(result.Comparisons.Count == 1 ? string.Empty : "s")} in {elapsed.TotalMinutes:0.0} min ({result.Comparisons.SelectMany(c => new[] { c.Later.Sha, c.Earlier.Sha }).Distinct(StringComparer.Ordinal).Count()} commits built).");
        text.AppendLine();
        switch (result.Conclusion)
        {
            case BisectConclusion.NotReproducible:
                text.AppendLine(CultureInfo.InvariantCulture, $"**Not reproducible**: `{commits[^1].Short}` is not slower than `{commits[0].Short}` ({result.Comparisons[0].Step.Detail}).");
                break;
            case BisectConclusion.Found:
                text.AppendLine(result.Culprits.Count == 1 ? "**Culprit**:" : $"**{result.Culprits.Count} culprits**:");
                text.AppendLine();
                text.AppendLine("| commit | subject | author | against its parent |");
                text.AppendLine("|---|---|---|---|");
                foreach (var culprit in result.Culprits)
                {
                    text.AppendLine(CultureInfo.InvariantCulture, $"| `{culprit.Commit.Short}` | {Cell(culprit.Commit.Subject)} | {Cell(culprit.Commit.Author)} | {Cell(culprit.AgainstParent.Detail)} |");
                }

                foreach (var culprit in result.Culprits.Where(c => c.AgainstParent.Diagnosis is not null))
                {
                    text.AppendLine();
                    text.AppendLine(CultureInfo.InvariantCulture, $"Where `{culprit.Commit.Short}` is slower than its parent:");
                    text.AppendLine();
                    text.AppendLine("```");
                    text.AppendLine(culprit.AgainstParent.Diagnosis!.TrimEnd());
                    text.AppendLine("```");
                }

                break;
            default:
                text.AppendLine("**No culprit named**: the comparisons could not tell.");
                break;
        }

        foreach (var note in result.Unresolved)
        {
            text.AppendLine();
            text.AppendLine(CultureInfo.InvariantCulture, $"- {note}");
        }

        if (result.Skipped.Count > 0)
        {
            text.AppendLine();
            text.AppendLine("Skipped:");
            foreach (var skip in result.Skipped)
            {
                text.AppendLine(CultureInfo.InvariantCulture, $"- `{skip.Commit.Short}` {Cell(skip.Commit.Subject)}: {skip.Reason}");
            }
        }

        text.AppendLine();
        text.AppendLine("| # | later | earlier | outcome | ratio | seconds |");
        text.AppendLine("|---:|---|---|---|---|---:|");
        foreach (var c in result.Comparisons)
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"| {c.Number} | `{c.Later.Short}` | `{c.Earlier.Short}` | {Word(c.Step.Outcome)} | {Cell(c.Step.Detail)} | {c.Took.TotalSeconds:0} |");
        }

        return text.ToString();
    }

    private static string Word(StepOutcome outcome) => outcome switch
    {
        StepOutcome.Same => "not slower",
        StepOutcome.Slower => "slower",
        StepOutcome.Unbuildable => "does not build",
        _ => "cannot tell",
    };

    private static string Cell(string text) => text.Replace("|", "\\|", StringComparison.Ordinal).ReplaceLineEndings(" ");

    private static BisectSetup Setup(CliOptions options, bool inPlace)
    {
        var test = options["--test"] ?? throw new ArgumentException($"bisect needs --test NAME (a test's name, or a dotnet test --filter expression).{Environment.NewLine}{Cli.Usage}");
        var filter = test.IndexOfAny(['=', '~', '|', '&', '!']) >= 0 ? test : $"FullyQualifiedName~{test}";
        var project = Path.GetFullPath(options["--project"] ?? SingleProject(Directory.GetCurrentDirectory()));
        if (!File.Exists(project))
        {
            throw new FileNotFoundException($"No test project at {project} (--project).");
        }

        var store = Cli.StoreFor(options);
        var root = BaselineBuilder.FindRepositoryRoot(project);
        var work = Path.Combine(root, "artifacts", "bisect");
        var minutes = options["--timeout"] is { } t
            ? double.TryParse(t, NumberStyles.Float, CultureInfo.InvariantCulture, out var m) && m > 0 ? m : throw new ArgumentException($"--timeout '{t}' is not a positive number of minutes.")
            : 20;
        // The cache the tests' own ServiceBuilds and 'baseline build' use: PERFASSERT_BUILD_CACHE, else BaselineBuilder's default.
        var cache = new BaselineBuilder(root, Environment.GetEnvironmentVariable("PERFASSERT_BUILD_CACHE") is { Length: > 0 } configured ? configured : null).CacheDirectory;
        return new BisectSetup(root, Path.GetRelativePath(root, project), filter, Path.GetRelativePath(root, store.Directory), work, cache, TimeSpan.FromMinutes(minutes), !options.Has("--no-diagnosis"), inPlace);
    }

    private static string SingleProject(string directory)
    {
        var projects = Directory.GetFiles(directory, "*.csproj");
        return projects.Length == 1 ? projects[0] : throw new ArgumentException($"bisect needs --project PATH (the test project): {directory} holds {projects.Length} project files.{Environment.NewLine}{Cli.Usage}");
    }

    private static async Task<(string Good, string Bad, string Origin)> RangeAsync(CliOptions options, string root, CancellationToken cancellationToken)
    {
        if (options.Has("--from-history"))
        {
            if (options["--good"] is not null || options["--bad"] is not null)
            {
                throw new ArgumentException($"bisect takes --good and --bad, or --from-history, not both.{Environment.NewLine}{Cli.Usage}");
            }

            return await FromHistoryAsync(options, cancellationToken);
        }

        var good = options["--good"] ?? throw new ArgumentException($"bisect needs --good REV and --bad REV, or --from-history.{Environment.NewLine}{Cli.Usage}");
        var bad = options["--bad"] ?? throw new ArgumentException($"bisect needs --bad REV (the slow commit).{Environment.NewLine}{Cli.Usage}");
        var builder = new BaselineBuilder(root);
        return (await builder.ResolveAsync(good, cancellationToken), await builder.ResolveAsync(bad, cancellationToken), string.Empty);
    }

    /// <summary>
    /// The range around the operation's latest change point the history has not seen accepted: the last recorded commit
    /// before it (good) to the first at or after it (bad).
    /// </summary>
    internal static async Task<(string Good, string Bad, string Origin)> FromHistoryAsync(CliOptions options, CancellationToken cancellationToken)
    {
        var operation = options["--operation"] ?? options["--test"]!;
        var store = HistoryCommand.Open(options["--store"]);
        var snapshot = await store.ReadAsync(new HistoryQuery { Operation = operation, Branch = options["--branch"] }, cancellationToken);
        var changes = HistoryAnalysis.Analyse(snapshot)
            .SelectMany(c => c.Operations)
            .SelectMany(o => o.Series.SelectMany(s => s.Changes.Where(c => c.Accepted is null).Select(c => (Series: s, Change: c))))
            .Where(x => x.Change.Run.Commit is not null)
            .OrderByDescending(x => x.Change.Run.Time)
            .ToList();
        if (changes.Count == 0)
        {
            throw new ArgumentException($"The history in {store.Description} has no change point of an operation matching '{operation}' to bisect ({snapshot.Runs.Count} runs match); give --good and --bad instead.");
        }

        var (series, change) = changes[0];
        var index = series.Points.ToList().FindIndex(p => p.Run.Id == change.Run.Id);
        var before = series.Points.Take(index).LastOrDefault(p => p.Run.Commit is not null && p.Run.Commit != change.Run.Commit)
            ?? throw new ArgumentException($"The change point at {change.Run.ShortCommit} has no recorded commit before it.");
        return (before.Run.Commit!, change.Run.Commit!, $", from the history's change point {change.Describe(series.Measure)}");
    }

    private static async Task<string> RecordAsync(CliOptions options, BisectComparison comparison, string results)
    {
        var arguments = new List<string> { "--results", results, "--commit", comparison.Later.Sha, "--branch", HistoryBranch, "--run", $"bisect-{comparison.Later.Short}-vs-{comparison.Earlier.Short}" };
        if (options["--store"] is { } location)
        {
            arguments.AddRange(["--store", location]);
        }

        using var writer = new StringWriter(CultureInfo.InvariantCulture);
        await HistoryCommand.RunAsync("history record", CliOptions.Parse("history record", arguments), () => results, writer);
        return writer.ToString().TrimEnd();
    }
}
