using System.Globalization;
using PerfAssert.Baselines;
using PerfAssert.Hosting.Builds;

namespace PerfAssert.Tool;

/// <summary>
/// <c>baseline show | move | build</c>: the reference commit that latency is judged against (<c>baselines/reference.json</c>),
/// moved only here, in a change a reviewer sees, and its build made ahead of a test run (CI fills its cache with it).
/// </summary>
internal static class BaselineCommand
{
    /// <summary>Runs <c>baseline show</c>, <c>move</c> or <c>build</c>, throwing on bad input; <c>move</c> is refused when <paramref name="onCi"/>.</summary>
    public static async Task<int> RunAsync(string command, CliOptions options, bool onCi, TextWriter output)
    {
        var store = Cli.StoreFor(options);
        switch (command)
        {
            case "baseline show":
                await ShowAsync(store, output);
                return 0;
            case "baseline move" when onCi:
                throw new InvalidOperationException("CI=true: the reference commit never moves on CI. Move it locally with 'perfassert baseline move' and commit the change.");
            case "baseline move":
                await MoveAsync(store, options["--commit"] ?? "HEAD", output);
                return 0;
            case "baseline build":
                await BuildAsync(store, options, output);
                return 0;
            default:
                throw new ArgumentException($"unknown command '{command}'.{Environment.NewLine}{Cli.Usage}");
        }
    }

    private static async Task ShowAsync(BaselineStore store, TextWriter output)
    {
        var reference = BaselineReference.Read(store);
        await output.WriteLineAsync(reference is null
            ? $"No reference commit: {store.Relative(BaselineReference.PathIn(store))} does not exist; name one with: perfassert baseline move"
            : $"reference commit {reference.Commit} ({store.Relative(BaselineReference.PathIn(store))})");
        var any = false;
        foreach (var (path, id, allowance) in Allowances(store))
        {
            await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture, $"  {store.Relative(path)} {id}: latency allowance {allowance:0.###}"));
            any = true;
        }

        if (!any)
        {
            await output.WriteLineAsync("  no latency allowances: every entry is held to the reference build's latency");
        }
    }

    private static async Task MoveAsync(BaselineStore store, string revision, TextWriter output)
    {
        var builder = new BaselineBuilder(BaselineBuilder.FindRepositoryRoot(store.Directory));
        var commit = await builder.ResolveAsync(revision, CancellationToken.None);
        // Every file is read before anything is written: a corrupt one stops the move with nothing changed.
        var old = BaselineReference.Read(store);
        var allowances = Allowances(store).ToList();
        if (old?.Commit == commit)
        {
            // The allowances are relative to this very commit, so they still hold: dropping them would fail the approved
            // slowdowns against a reference that does not include them (typically: moved before committing the change).
            await output.WriteLineAsync($"{commit} is already the reference commit: nothing changed{(allowances.Count == 0 ? "." : $"; its {allowances.Count} latency allowance{(allowances.Count == 1 ? " stays" : "s stay")}. Commit the change they approve, then move the reference to that commit.")}");
            return;
        }

        new BaselineReference(commit).Write(store);
        await DropAllowancesAsync(store, allowances.Select(a => a.Path).Distinct(), CancellationToken.None);

        await output.WriteLineAsync($"reference commit {old?.Commit ?? "(none)"} -> {commit}");
        foreach (var (path, id, allowance) in allowances)
        {
            await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture, $"  dropped the latency allowance {allowance:0.###} of {store.Relative(path)} {id}: it was relative to the old reference"));
        }

        await output.WriteLineAsync($"Review the diff under {store.Relative(store.Directory)}/ and commit it.");
    }

    private static async Task BuildAsync(BaselineStore store, CliOptions options, TextWriter output)
    {
        var projects = options.All("--project").Distinct(StringComparer.Ordinal).ToList();
        if (projects.Count == 0)
        {
            throw new ArgumentException($"'baseline build' needs --project PATH (the service's project, relative to the repository root; repeat it for more).{Environment.NewLine}{Cli.Usage}");
        }

        var cache = Environment.GetEnvironmentVariable("PERFASSERT_BUILD_CACHE");
        var builder = new BaselineBuilder(BaselineBuilder.FindRepositoryRoot(store.Directory), string.IsNullOrWhiteSpace(cache) ? null : cache);
        var commit = options["--commit"] is { } revision
            ? await builder.ResolveAsync(revision, CancellationToken.None)
            : BaselineReference.Read(store)?.Commit ?? throw new BaselineBuildUnavailableException(
                $"no reference build: {store.Relative(BaselineReference.PathIn(store))} does not exist; name the approved commit with: perfassert baseline move, or build one with --commit REV");
        foreach (var project in projects)
        {
            // One at a time, in the order given: the first failure stops the rest (exit 2); the builds before it stay cached.
            var cached = builder.IsBuilt(commit, project);
            var folder = await builder.BuildCommitAsync(commit, project, CancellationToken.None);
            await output.WriteLineAsync($"{project} at {commit}: {(cached ? "cached" : "built")} in {folder}");
        }
    }

    /// <summary>
    /// Drops every latency allowance (and the ratio it was rounded from) in the baseline files at <paramref name="paths"/>:
    /// each was relative to a reference that is no longer the one judged against (a moved reference, bisect's comparisons).
    /// </summary>
    internal static async Task DropAllowancesAsync(BaselineStore store, IEnumerable<string> paths, CancellationToken cancellationToken)
    {
        foreach (var path in paths)
        {
            await store.UpdateAsync(path, file =>
            {
                foreach (var (id, entry) in file.Entries.Where(e => e.Value.LatencyAllowance is not null).ToList())
                {
                    file.Entries[id] = entry with { LatencyAllowance = null, LatencyRatio = null };
                }
            }, cancellationToken);
        }
    }

    /// <summary>Every latency allowance of the store's baseline files: the file, the entry and the allowance.</summary>
    internal static IEnumerable<(string Path, string Id, double Allowance)> Allowances(BaselineStore store) =>
        store.BaselineFiles().SelectMany(path => store.Read(path).Entries
            .Where(e => e.Value.LatencyAllowance is not null)
            .Select(e => (path, e.Key, e.Value.LatencyAllowance!.Value)));
}
