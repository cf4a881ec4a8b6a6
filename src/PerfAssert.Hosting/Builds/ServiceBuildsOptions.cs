namespace PerfAssert.Hosting.Builds;

/// <summary>How <see cref="ServiceBuilds"/> builds the service and runs its workers.</summary>
public sealed record ServiceBuildsOptions
{
    /// <summary>The hosting environment of the workers (<c>ASPNETCORE_ENVIRONMENT</c>).</summary>
    /// <value>The default is <c>Production</c>: the pipeline as deployed.</value>
    public string Environment { get; init; } = "Production";

    /// <summary>Configuration given to both builds' workers, as environment variables (<c>Faults:Delay</c> becomes <c>Faults__Delay</c>).</summary>
    /// <value>The default is none.</value>
    public IReadOnlyDictionary<string, string> Settings { get; init; } = new Dictionary<string, string>();

    /// <summary>
    /// Configuration given only to the working tree's workers, on top of <see cref="Settings"/>: what a configuration change
    /// costs against the reference build, or (in this repository's tests) a deliberate regression that shows a budget bites.
    /// </summary>
    /// <value>The default is none: both builds run with the same configuration.</value>
    public IReadOnlyDictionary<string, string> WorkingTreeSettings { get; init; } = new Dictionary<string, string>();

    /// <summary>
    /// The runtime settings of both builds' workers, as environment variables. The call-counting delay is off: it only sets
    /// when promotion begins (100 ms after the last new method, ten times that on the one core a pinned worker sees), not
    /// what code promotion ends with, and a worker is measured seconds after it starts. Dynamic PGO stays on, as in
    /// production, so the code timed is the code users ship; its extra instrumented tier is why workers get
    /// <see cref="PerfOptions.BuildMaxWarmupTime"/> to settle. Add an entry to change a setting (<c>DOTNET_TieredPGO</c> set
    /// to <c>0</c> settles sooner, on code production does not run), or remove one for the runtime's default.
    /// </summary>
    /// <value>The default is <c>DOTNET_TC_CallCountingDelayMs=0</c>.</value>
    public IReadOnlyDictionary<string, string> RuntimeSettings { get; init; } = new Dictionary<string, string>
    {
        ["DOTNET_TC_CallCountingDelayMs"] = "0",
    };

    /// <summary>How long a worker may take to start serving before it is killed and the test fails with its output.</summary>
    /// <value>The default is 30 seconds.</value>
    public TimeSpan StartTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>How long one build (a restore and build of the service) may take.</summary>
    /// <value>The default is 10 minutes.</value>
    public TimeSpan BuildTimeout { get; init; } = TimeSpan.FromMinutes(10);

    /// <summary>The <see cref="HttpClient.Timeout"/> of clients from <see cref="ServiceBuilds.CreateClient"/>.</summary>
    /// <value>The default is 30 seconds.</value>
    public TimeSpan ClientTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// Whether every worker runs on the machine's last core (Linux, with <c>taskset</c>), so the test's client and the service
    /// do not share a core. Unpinned, which cores a process's threads land on changed the ratio of two identical builds
    /// by 0.66x to 1.11x between fresh process pairs on a 2-core runner; pinned, by 0.87x to 1.03x (docs/verdict-quality.md).
    /// Workers start and warm up on every core, so their start-up and JIT are done sooner, and are moved onto the last core
    /// (<c>taskset -a -p</c>, every thread) before anything is timed; <c>DOTNET_PROCESSOR_COUNT=1</c> makes them size their
    /// thread pool and I/O queues for that one core from the start.
    /// </summary>
    /// <value>The default is <see langword="true"/>; it has no effect on other systems or on a single core.</value>
    public bool PinWorkers { get; init; } = true;

    /// <summary>
    /// Whether a verdict's first pairs, and an extension's, may be workers an earlier verdict of the same instance left
    /// warm, with the same reference commit and the same worker launched first. Starting a pair and warming its workers
    /// up takes 2 to 4 s, most of it the JIT compiling the service's shared code (Kestrel, routing, serializers), which
    /// a kept pair has done: on the targets host of sixty services, a class of ten verdicts warmed each kept pair in
    /// 0.3-1.6 s instead of 1.5-3.5 s and took 73 s instead of 98, with intervals as narrow as over fresh pairs (about
    /// +-3.3%). A verdict's own pairs are still distinct processes, the unit of its evidence; each is warmed up for the
    /// operation measured, unpinned meanwhile as a fresh one is. An extension's pairs may be kept ones too (the
    /// verdict's own are held until it ends, so none comes back within it); the pairs that replace an outlier or
    /// confirm a Regression are always fresh. A pair goes back only after a measurement that went through (a worker
    /// that crashed, hung or failed a call is stopped), at most four are kept, disposing the instance stops them, and
    /// the verdict's message counts the pairs kept warm. Which JIT decisions a kept pair's shared code got are then
    /// common to the verdicts it serves, so their errors are not independent of each other; each verdict's own interval
    /// is unaffected.
    /// </summary>
    /// <value>The default is <see langword="false"/>: every pair is fresh, as the verdict quality this project publishes was
    /// measured.</value>
    public bool ReuseWarmPairs { get; init; }

    /// <summary>The git repository's top folder.</summary>
    /// <value>The default is <see langword="null"/>: the repository above the test binaries.</value>
    public string? RepositoryRoot { get; init; }

    /// <summary>Where builds are kept by commit.</summary>
    /// <value>The default is <see langword="null"/>: <c>artifacts/baseline-builds</c> under the repository root (or <c>PERFASSERT_BUILD_CACHE</c>).</value>
    public string? CacheDirectory { get; init; }

    /// <summary>The <c>taskset</c> core list for workers, or <see langword="null"/> to leave them unpinned.</summary>
    internal string? WorkerCores() =>
        PinWorkers && OperatingSystem.IsLinux() && System.Environment.ProcessorCount > 1
            ? (System.Environment.ProcessorCount - 1).ToString(System.Globalization.CultureInfo.InvariantCulture)
            : null;

    /// <summary>Throws when a setting cannot work, naming it.</summary>
    public void Validate()
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(Environment);
        ArgumentNullException.ThrowIfNull(Settings);
        ArgumentNullException.ThrowIfNull(WorkingTreeSettings);
        foreach (var (name, value) in new[] { (nameof(StartTimeout), StartTimeout), (nameof(BuildTimeout), BuildTimeout), (nameof(ClientTimeout), ClientTimeout) })
        {
            if (value <= TimeSpan.Zero)
            {
                throw new ArgumentOutOfRangeException(name, value, $"{nameof(ServiceBuildsOptions)}.{name} must be positive.");
            }
        }
    }
}
