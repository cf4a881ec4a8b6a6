using System.Collections.Concurrent;
using PerfAssert.Baselines;

namespace PerfAssert.Hosting.Builds;

/// <summary>
/// An ASP.NET Core service in two builds, for <c>AgainstBaseline(file, id, builds)</c>: the working tree's and the
/// reference commit's (cached by commit under <c>artifacts/baseline-builds</c>), each run in worker processes started the
/// same way (fresh ones, or for a verdict's first pairs warm ones an earlier verdict left: <see cref="ServiceBuildsOptions.ReuseWarmPairs"/>). Measure calls made through <see cref="CreateClient"/>; the engine points that client at each build in
/// turn. Create one per test class (a class fixture) or per collection: each builds the working tree once, into a folder of
/// its own that disposing deletes.
/// </summary>
public sealed class ServiceBuilds : IBaselineBuilds, IDisposable
{
    private readonly ConcurrentDictionary<string, Lazy<Task<string>>> _builds;
    private readonly string _workingTree;
    private readonly ServiceBuildsOptions _options;
    private readonly WorkerRoute _route = new();
    private readonly Lazy<BaselineBuilder> _builder;
    private readonly bool _ownsBuilds;

    /// <summary>Pairs kept warm for the first pairs of a later verdict (<see cref="ServiceBuildsOptions.ReuseWarmPairs"/>), by reference commit.</summary>
    private readonly List<(string Commit, WorkerPair Pair)> _idle = [];
    private bool _disposed;

    /// <summary>At most this many pairs are kept warm: two verdicts' first pairs at the default of two pairs each.</summary>
    private const int MaxIdlePairs = 4;

    /// <summary>Creates the builds of a service project.</summary>
    /// <param name="project">The service's project, relative to the repository root (for example <c>src/Orders/Orders.csproj</c>).</param>
    /// <param name="options">How to build and run it; <see langword="null"/> for the defaults.</param>
    public ServiceBuilds(string project, ServiceBuildsOptions? options = null)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(project);
        _options = options ?? new ServiceBuildsOptions();
        _options.Validate();
        Project = project.Replace('\\', '/');
        _builds = new(StringComparer.Ordinal);
        _workingTree = "working-tree-" + Guid.NewGuid().ToString("N")[..12];
        _ownsBuilds = true;
        _builder = new Lazy<BaselineBuilder>(() => new BaselineBuilder(
            _options.RepositoryRoot ?? BaselineBuilder.FindRepositoryRoot(AppContext.BaseDirectory),
            _options.CacheDirectory ?? NonEmpty(Environment.GetEnvironmentVariable("PERFASSERT_BUILD_CACHE")),
            _options.BuildTimeout));
    }

    private ServiceBuilds(ServiceBuilds builds, ServiceBuildsOptions options)
    {
        options.Validate();
        _options = options;
        Project = builds.Project;
        _builds = builds._builds;
        _workingTree = builds._workingTree;
        _builder = builds._builder;
        _ownsBuilds = false;
    }

    /// <summary>
    /// The same builds run with other options: for example <see cref="ServiceBuildsOptions.WorkingTreeSettings"/> for one
    /// test class, without building the working tree again. How to build (<see cref="ServiceBuildsOptions.RepositoryRoot"/>,
    /// <see cref="ServiceBuildsOptions.CacheDirectory"/>, <see cref="ServiceBuildsOptions.BuildTimeout"/>) stays this
    /// instance's. Dispose the result before this instance; it leaves the builds to this instance.
    /// </summary>
    public ServiceBuilds With(ServiceBuildsOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        return new ServiceBuilds(this, options);
    }

    /// <summary>How this instance runs its workers.</summary>
    public ServiceBuildsOptions Options => _options;

    /// <summary>The service's project, relative to the repository root.</summary>
    public string Project { get; }

    /// <inheritdoc/>
    public string Description => Project;

    /// <summary>A client whose requests go to whichever build is being measured; give it relative paths such as <c>/orders/42</c>.</summary>
    public HttpClient CreateClient() => new(_route, disposeHandler: false)
    {
        BaseAddress = new Uri("http://perfassert-worker/"),
        Timeout = _options.ClientTimeout,
    };

    /// <summary>
    /// The handler behind <see cref="CreateClient"/>, for client code that makes its own <see cref="HttpClient"/>: give it
    /// to <c>new HttpClient(handler, disposeHandler: false)</c> with any base address. This instance owns and disposes it.
    /// </summary>
    public HttpMessageHandler Handler => _route;

    /// <summary>
    /// The measured call for clients that need a connection of their own to each worker: gRPC over an HTTP/2-only (h2c)
    /// listener, raw TCP protocols, or several listeners. For each worker, the first call (made untimed, while the engine
    /// warms that worker up) opens a client with <paramref name="open"/> on the addresses the worker bound, in the order
    /// Kestrel reported them; later calls to that worker reuse it, and it is disposed with the worker. Give the result to
    /// <c>Perf.Measure(name, call)</c>. Calls made outside a measurement throw, as <see cref="CreateClient"/>'s do.
    /// </summary>
    /// <typeparam name="TClient">The client; it must not be shared between workers.</typeparam>
    /// <param name="open">Opens a client on one worker's addresses (for example <c>http://127.0.0.1:41234/</c>, one per listener).</param>
    /// <param name="call">One measured call through that client.</param>
    public Func<CancellationToken, Task> ClientPerWorker<TClient>(Func<IReadOnlyList<Uri>, TClient> open, Func<TClient, CancellationToken, Task> call)
        where TClient : IAsyncDisposable
    {
        ArgumentNullException.ThrowIfNull(open);
        ArgumentNullException.ThrowIfNull(call);
        var key = new object();
        Func<IReadOnlyList<Uri>, IAsyncDisposable> opener = addresses => open(addresses);
        return cancellationToken =>
        {
            var client = _route.Selected.ClientFor(key, opener);
            return call((TClient)client, cancellationToken);
        };
    }

    /// <inheritdoc/>
    public Task<IBuildPair> StartPairAsync(BaselineReference reference, CancellationToken cancellationToken) => StartPairAsync(reference, BuildSide.Current, cancellationToken);

    /// <inheritdoc/>
    public async Task<IBuildPair> StartPairAsync(BaselineReference reference, BuildSide first, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(reference);
        // Both builds at once: the reference is built in a git worktree of its own, with its own obj/ and output folder, so
        // it shares nothing with the working tree's build but the NuGet caches, which restores lock themselves. Both are
        // awaited, so neither is left running; when both fail, the working tree's error is the one thrown, as when they
        // were built one after the other.
        var current = WorkingTreeAsync(cancellationToken);
        var baseline = BuildAsync(reference.Commit, b => b.BuildCommitAsync(reference.Commit, Project, CancellationToken.None)).WaitAsync(cancellationToken);
        await Task.WhenAll(current, baseline).ConfigureAwait(false);
        var pair = await WorkerPair.StartAsync(_route, ("working tree", current.Result, true), ($"reference build {reference.ShortCommit}", baseline.Result, false), first, _options, cancellationToken).ConfigureAwait(false);
        return _options.ReuseWarmPairs ? new ReusablePair(pair, reference.Commit, reused: false, Keep) : pair;
    }

    /// <inheritdoc/>
    public async Task<IBuildPair> StartOrReusePairAsync(BaselineReference reference, BuildSide first, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(reference);
        if (_options.ReuseWarmPairs)
        {
            WorkerPair? kept = null;
            List<WorkerPair> ended;
            lock (_idle)
            {
                ended = [.. _idle.Where(i => !i.Pair.Running).Select(i => i.Pair)];
                _idle.RemoveAll(i => !i.Pair.Running);
                var index = _idle.FindIndex(i => i.Commit == reference.Commit && i.Pair.First == first);
                if (index >= 0)
                {
                    kept = _idle[index].Pair;
                    _idle.RemoveAt(index);
                }
            }

            foreach (var pair in ended)
            {
                await pair.DisposeAsync().ConfigureAwait(false);
            }

            if (kept is not null)
            {
                return new ReusablePair(kept, reference.Commit, reused: true, Keep);
            }
        }

        return await StartPairAsync(reference, first, cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc/>
    public Task<IBuildPair> StartCurrentPairAsync(CancellationToken cancellationToken) => StartCurrentPairAsync(BuildSide.Current, cancellationToken);

    /// <inheritdoc/>
    public async Task<IBuildPair> StartCurrentPairAsync(BuildSide first, CancellationToken cancellationToken)
    {
        var current = await WorkingTreeAsync(cancellationToken).ConfigureAwait(false);
        return await WorkerPair.StartAsync(_route, ("working tree", current, true), ("working tree (second worker)", current, true), first, _options, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Stops the pairs kept warm, deletes this instance's build of the working tree and releases the client handler its clients share.</summary>
    public void Dispose()
    {
        List<WorkerPair> kept;
        lock (_idle)
        {
            _disposed = true;
            kept = [.. _idle.Select(i => i.Pair)];
            _idle.Clear();
        }

        // Each worker is asked to exit and killed within 15 s if it does not (WorkerProcess.DisposeAsync): bounded.
        Task.WhenAll(kept.Select(p => p.DisposeAsync().AsTask())).Wait(TimeSpan.FromSeconds(60));
        _route.Dispose();
        if (_ownsBuilds && _builder.IsValueCreated && _builds.ContainsKey(_workingTree))
        {
            var folder = Path.Combine(_builder.Value.CacheDirectory, _workingTree);
            if (Directory.Exists(folder))
            {
                Directory.Delete(folder, recursive: true);
            }
        }
    }

    /// <summary>Keeps a pair a verdict is done with for a later one, unless this instance is disposed or keeps enough already.</summary>
    private bool Keep(string commit, WorkerPair pair)
    {
        lock (_idle)
        {
            if (_disposed || _idle.Count >= MaxIdlePairs)
            {
                return false;
            }

            _idle.Add((commit, pair));
            return true;
        }
    }

    private Task<string> WorkingTreeAsync(CancellationToken cancellationToken) =>
        BuildAsync(_workingTree, b => b.BuildWorkingTreeAsync(_workingTree, Project, CancellationToken.None)).WaitAsync(cancellationToken);

    /// <summary>Each build once per instance (the reference build is also cached on disk by commit).</summary>
    private Task<string> BuildAsync(string key, Func<BaselineBuilder, Task<string>> build)
    {
        var lazy = _builds.GetOrAdd(key, _ => new Lazy<Task<string>>(() => build(_builder.Value)));
        var task = lazy.Value;
        // A failed build is not kept: the next test tries again (and fails with the same clear message, or succeeds).
        _ = task.ContinueWith(t => _builds.TryRemove(new KeyValuePair<string, Lazy<Task<string>>>(key, lazy)), CancellationToken.None, TaskContinuationOptions.NotOnRanToCompletion, TaskScheduler.Default);
        return task;
    }

    private static string? NonEmpty(string? value) => string.IsNullOrWhiteSpace(value) ? null : value;
}
