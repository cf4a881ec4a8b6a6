using System.Globalization;
using PerfAssert.Baselines;
using PerfAssert.Hosting.Builds;
using PerfAssert.Reporting;
using PerfAssert.Verdicts;

namespace PerfAssert.Tool.Bisect;

/// <summary>
/// Compares two commits the way a verdict between builds does, by running the user's own test: the later commit is checked
/// out in a git worktree of its own (kept for the search, so its build is reused), and its test project runs its test
/// (<see cref="BisectSetup.Filter"/>) with the earlier commit as the reference build. The test's baselines are the later
/// commit's, copied aside with the reference moved to the earlier commit and every latency allowance dropped (they were
/// relative to another reference), so the verdict is the later build against the earlier one at the test's own budget,
/// in fresh worker pairs, with its extensions. The reference builds share one cache (<c>PERFASSERT_BUILD_CACHE</c>), so a
/// commit is built once however often it is compared. Adjacent commits are diagnosed when slower (where PerfAssert profiles
/// a Regression); other comparisons are not.
/// </summary>
internal sealed class TestRunComparer(BisectSetup setup, TextWriter log) : ICommitComparer, IAsyncDisposable
{
    private readonly List<string> _worktrees = [];
    private int _runs;

    /// <summary>The results folder of each comparison made, by (later, earlier).</summary>
    public Dictionary<(string Later, string Earlier), string> Results { get; } = [];

    /// <summary>
    /// Runs the comparison; one that stays Inconclusive after its verdict's extensions runs once more on fresh pairs (the
    /// cap: <see cref="BisectSetup.Attempts"/> runs), and counts as cannot-tell only when that run cannot tell either.
    /// </summary>
    public async Task<BisectStep> CompareAsync(BisectCommit later, BisectCommit earlier, CancellationToken cancellationToken)
    {
        var step = await RunOnceAsync(later, earlier, cancellationToken).ConfigureAwait(false);
        for (var attempt = 2; attempt <= setup.Attempts && step.Outcome == StepOutcome.CannotTell && step.Ratio is not null; attempt++)
        {
            await log.WriteLineAsync($"  {later.Short} against {earlier.Short} could not be told ({step.Detail}): run {attempt} of at most {setup.Attempts}, on fresh pairs").ConfigureAwait(false);
            var again = await RunOnceAsync(later, earlier, cancellationToken).ConfigureAwait(false);
            step = again with { Detail = $"{again.Detail}; run {attempt} (run {attempt - 1}: {step.Detail})" };
        }

        return step;
    }

    private async Task<BisectStep> RunOnceAsync(BisectCommit later, BisectCommit earlier, CancellationToken cancellationToken)
    {
        var run = Interlocked.Increment(ref _runs);
        var folder = Path.Combine(setup.WorkFolder, "runs", string.Create(CultureInfo.InvariantCulture, $"{run:00}-{later.Short}-vs-{earlier.Short}"));
        if (Directory.Exists(folder))
        {
            Directory.Delete(folder, recursive: true);
        }

        var checkout = setup.InPlace ? setup.RepositoryRoot : await WorktreeAsync(later, cancellationToken).ConfigureAwait(false);
        var baselines = Path.Combine(folder, "baselines");
        var source = Path.Combine(checkout, setup.Baselines);
        if (!Directory.Exists(source))
        {
            return new BisectStep(StepOutcome.CannotTell, $"{later.Short} has no {setup.Baselines.Replace('\\', '/')} folder: its test has no baseline to be judged against");
        }

        await AgainstAsync(source, baselines, earlier.Sha, cancellationToken).ConfigureAwait(false);
        var results = Path.Combine(folder, "results");
        Directory.CreateDirectory(results);
        var environment = new Dictionary<string, string>(StringComparer.Ordinal)
        {
            ["CI"] = "true",
            ["PERFASSERT_BASELINES"] = baselines,
            ["PERFASSERT_CANDIDATES"] = Path.Combine(folder, "candidates"),
            ["PERFASSERT_RESULTS"] = results,
            ["PERFASSERT_BUILD_CACHE"] = setup.BuildCache,
            ["PERFASSERT_DIAGNOSE"] = setup.Diagnose && later.Parent == earlier.Sha ? "regression" : "never",
        };
        var test = await CommandRunner.RunAsync(
            CommandRunner.Dotnet,
            ["test", Path.Combine(checkout, setup.Project), "-c", "Release", "--filter", setup.Filter, "--logger", "console;verbosity=normal"],
            checkout,
            setup.Timeout,
            cancellationToken,
            environment).ConfigureAwait(false);
        await File.WriteAllTextAsync(Path.Combine(folder, "test.log"), test.Output, cancellationToken).ConfigureAwait(false);
        Results[(later.Sha, earlier.Sha)] = results;
        return Judge(test, results, later, earlier);
    }

    /// <summary>What a test run's result says about the later commit against the earlier one.</summary>
    internal static BisectStep Judge(CommandResult test, string results, BisectCommit later, BisectCommit earlier)
    {
        if (test.TimedOut)
        {
            return new BisectStep(StepOutcome.CannotTell, $"the test run of {later.Short} ran out of time: {test.Describe(5)}");
        }

        var read = Directory.Exists(results) && Directory.EnumerateFiles(results, "*.json").Any() ? ResultsReader.ReadDirectory(results) : [];
        if (read.Count == 0)
        {
            var error = test.Output.Split('\n').Select(l => l.Trim()).FirstOrDefault(l => l.Contains(": error ", StringComparison.Ordinal));
            return error is not null || test.Output.Contains("Build FAILED", StringComparison.Ordinal)
                ? new BisectStep(StepOutcome.Unbuildable, $"{later.Short} does not build: {error ?? "Build FAILED"}", Unbuildable: later.Sha)
                : new BisectStep(StepOutcome.CannotTell, $"the test run of {later.Short} wrote no result: {test.Describe(5)}");
        }

        var latency = read.SelectMany(r => r.Verdicts.Where(v => v.Unit == "x" && v.Partner?.StartsWith("reference build", StringComparison.Ordinal) == true).Select(v => (Result: r, Verdict: v))).ToList();
        if (latency.Select(l => l.Result.Test ?? l.Result.Name).Distinct(StringComparer.Ordinal).Count() > 1)
        {
            throw new ArgumentException($"--test selects {latency.Count} tests judged against the reference build ({string.Join(", ", latency.Select(l => l.Result.Test ?? l.Result.Name))}); name one.");
        }

        if (latency.Count == 0)
        {
            return new BisectStep(StepOutcome.CannotTell, $"the test run of {later.Short} has no latency verdict against the reference build: is --test a test that uses AgainstBaseline?");
        }

        var verdict = latency[0].Verdict;
        var measured = verdict.Measured;
        var detail = string.Create(CultureInfo.InvariantCulture,
            $"{VerdictFormatter.Number(measured.Estimate)} [{VerdictFormatter.Number(measured.Lower)}, {VerdictFormatter.Number(measured.Upper)}] against budget {VerdictFormatter.Number(verdict.Limit)}: {verdict.Outcome} ({verdict.Evidence})");
        return verdict.Outcome switch
        {
            VerdictOutcome.Pass or VerdictOutcome.Improved => new BisectStep(StepOutcome.Same, detail, measured.Estimate, measured.Lower, measured.Upper),
            VerdictOutcome.Regression => new BisectStep(StepOutcome.Slower, detail, measured.Estimate, measured.Lower, measured.Upper, Diagnosis: verdict.Diagnosis),
            VerdictOutcome.Invalid when verdict.Message.Contains($"at commit {earlier.Sha} failed", StringComparison.Ordinal) =>
                new BisectStep(StepOutcome.Unbuildable, $"{earlier.Short} does not build: {verdict.Reason ?? verdict.Message}", Unbuildable: earlier.Sha),
            _ => new BisectStep(StepOutcome.CannotTell, verdict.Outcome == VerdictOutcome.Inconclusive ? detail : $"{verdict.Outcome}: {verdict.Message}", measured.Estimate, measured.Lower, measured.Upper),
        };
    }

    /// <summary>
    /// Copies the baseline files of <paramref name="source"/> into <paramref name="target"/> (not its candidates), names
    /// <paramref name="commit"/> the reference and drops every latency allowance: each was relative to another reference.
    /// </summary>
    internal static async Task AgainstAsync(string source, string target, string commit, CancellationToken cancellationToken)
    {
        Directory.CreateDirectory(target);
        var from = new BaselineStore(source);
        foreach (var path in from.BaselineFiles())
        {
            File.Copy(path, Path.Combine(target, Path.GetFileName(path)), overwrite: true);
        }

        var store = new BaselineStore(target);
        new BaselineReference(commit).Write(store);
        await BaselineCommand.DropAllowancesAsync(store, BaselineCommand.Allowances(store).Select(a => a.Path).Distinct(), cancellationToken).ConfigureAwait(false);
    }

    private async Task<string> WorktreeAsync(BisectCommit commit, CancellationToken cancellationToken)
    {
        var path = Path.Combine(setup.WorkFolder, "worktrees", commit.Short);
        if (File.Exists(Path.Combine(path, ".git")))
        {
            return path;
        }

        if (Directory.Exists(path))
        {
            Directory.Delete(path, recursive: true);
        }

        await log.WriteLineAsync($"  checking out {commit.Short} in {path}").ConfigureAwait(false);
        var added = await CommandRunner.RunAsync("git", ["-C", setup.RepositoryRoot, "worktree", "add", "--detach", "--force", path, commit.Sha], setup.RepositoryRoot, TimeSpan.FromMinutes(2), cancellationToken).ConfigureAwait(false);
        if (!added.Succeeded)
        {
            throw new InvalidOperationException($"checking out {commit.Sha} failed: {added.Describe()}");
        }

        _worktrees.Add(path);
        return path;
    }

    /// <summary>Removes the worktrees it checked out (their runs' logs and results stay under <see cref="BisectSetup.WorkFolder"/>).</summary>
    public async ValueTask DisposeAsync()
    {
        foreach (var path in _worktrees)
        {
            await CommandRunner.RunAsync("git", ["-C", setup.RepositoryRoot, "worktree", "remove", "--force", path], setup.RepositoryRoot, TimeSpan.FromMinutes(1), CancellationToken.None).ConfigureAwait(false);
        }

        _worktrees.Clear();
    }
}

/// <summary>Where and what a bisect runs.</summary>
/// <param name="RepositoryRoot">The user's repository (its own checkout stays as it is, unless <paramref name="InPlace"/>).</param>
/// <param name="Project">The test project, relative to the repository root.</param>
/// <param name="Filter">The <c>dotnet test --filter</c> expression that selects the one test.</param>
/// <param name="Baselines">The baselines folder, relative to the repository root.</param>
/// <param name="WorkFolder">Worktrees, runs and their results (<c>artifacts/bisect</c> by default).</param>
/// <param name="BuildCache">Where builds are kept by commit (shared by every comparison).</param>
/// <param name="Timeout">How long one test run may take.</param>
/// <param name="Diagnose">Whether a Regression of a commit against its parent is diagnosed.</param>
/// <param name="InPlace">Whether the later commit is the checkout itself (<c>bisect step</c>, where git has checked it out).</param>
/// <param name="Attempts">How many test runs a comparison that stays Inconclusive gets, each on fresh pairs.</param>
internal sealed record BisectSetup(string RepositoryRoot, string Project, string Filter, string Baselines, string WorkFolder, string BuildCache, TimeSpan Timeout, bool Diagnose, bool InPlace = false, int Attempts = 2);
