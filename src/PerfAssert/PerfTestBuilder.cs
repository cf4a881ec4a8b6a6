using System.Reflection;
using PerfAssert.Baselines;
using PerfAssert.Budgets;
using PerfAssert.Measurement;

namespace PerfAssert;

/// <summary>
/// Builds a performance test: the subject, optionally a partner measured in the same run, budgets and options. Nothing is
/// measured until <see cref="RunAsync"/>; budgets and options are validated before measuring starts.
/// </summary>
public sealed class PerfTestBuilder
{
    private readonly Operation _subject;
    private readonly List<Budget> _budgets = [];
    private readonly List<Assembly> _assemblies = [];
    private Operation? _partner;
    private PerfOptions _options = new();
    private AllocationScope _allocationScope = AllocationScope.Auto;
    private bool _measureAllocations;
    private int _percentileCalls;
    private string? _name;
    private BaselineStore? _store;

    internal PerfTestBuilder(Operation subject)
    {
        ArgumentNullException.ThrowIfNull(subject);
        _subject = subject;
    }

    /// <summary>Names the test in results and baselines. <value>The default is the subject's name.</value></summary>
    public PerfTestBuilder Named(string name)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        _name = name;
        return this;
    }

    /// <summary>Measures a synchronous partner in the same run, interleaved with the subject, for relative budgets.</summary>
    public PerfTestBuilder ComparedTo(string name, Action operation) => ComparedTo(Operation.Sync(name, operation));

    /// <summary>Measures an asynchronous partner in the same run, interleaved with the subject, for relative budgets.</summary>
    public PerfTestBuilder ComparedTo(string name, Func<CancellationToken, Task> operation) => ComparedTo(Operation.Async(name, operation));

    /// <summary>Measures a partner in the same run, interleaved with the subject, for relative budgets.</summary>
    public PerfTestBuilder ComparedTo(Operation partner)
    {
        ArgumentNullException.ThrowIfNull(partner);
        _partner = partner;
        return this;
    }

    /// <summary>Budget: the subject's mean latency at most <paramref name="factor"/> times the partner's.</summary>
    public PerfTestBuilder MeanAtMost(double factor) => WithBudget(new RelativeLatencyBudget(LatencyStatistic.Mean, factor));

    /// <summary>Budget: the subject's median latency at most <paramref name="factor"/> times the partner's.</summary>
    public PerfTestBuilder MedianAtMost(double factor) => WithBudget(new RelativeLatencyBudget(LatencyStatistic.Median, factor));

    /// <summary>Budget: the subject's 95th percentile latency at most <paramref name="factor"/> times the partner's.</summary>
    public PerfTestBuilder P95AtMost(double factor) => WithBudget(new RelativeLatencyBudget(LatencyStatistic.P95, factor));

    /// <summary>Budget: the subject's 99th percentile latency at most <paramref name="factor"/> times the partner's.</summary>
    public PerfTestBuilder P99AtMost(double factor) => WithBudget(new RelativeLatencyBudget(LatencyStatistic.P99, factor));

    /// <summary>Budget: an absolute latency, normalized by the same-run calibration workload; advisory unless
    /// <paramref name="machineClass"/> is the machine class the test runs on.</summary>
    public PerfTestBuilder LatencyAtMost(TimeSpan max, LatencyStatistic statistic = LatencyStatistic.Mean, string? machineClass = null) =>
        WithBudget(new AbsoluteLatencyBudget(statistic, max, machineClass));

    /// <summary>Budget: allocated bytes per operation at most <paramref name="bytes"/> (exact, tiny tolerance).</summary>
    public PerfTestBuilder AllocatedBytesAtMost(double bytes, double tolerance = AllocationBudget.DefaultTolerance) =>
        WithBudget(new AllocationBudget(bytes, tolerance));

    /// <summary>Budget: allocated bytes per operation at most the partner's plus <paramref name="extraBytes"/>.</summary>
    public PerfTestBuilder AllocatedBytesAtMostPartner(double extraBytes = 0, double tolerance = AllocationBudget.DefaultTolerance) =>
        WithBudget(new RelativeAllocationBudget(extraBytes, tolerance));

    /// <summary>Budget: collections of <paramref name="generation"/> per 1,000 operations at most <paramref name="max"/>.</summary>
    public PerfTestBuilder GcCollectionsAtMost(int generation, double max) => WithBudget(new GcBudget(generation, max));

    /// <summary>
    /// Budget: the committed baseline entry <paramref name="id"/> in <c>baselines/{fileName}.json</c> (allocations exact,
    /// latency normalized by the calibration and, with a partner, as the ratio to it). A missing entry or a regression
    /// writes a candidate and fails naming the command that accepts it.
    /// </summary>
    public PerfTestBuilder AgainstBaseline(string fileName, string id, BaselineStore? store = null, double latencyMargin = BaselineBudget.DefaultLatencyMargin, bool enforceLatency = true)
    {
        _store = store;
        return WithBudget(new BaselineBudget(fileName, id, latencyMargin, EnforceLatency: enforceLatency));
    }

    /// <summary>
    /// Budget: the committed baseline entry <paramref name="id"/> in <c>baselines/{fileName}.json</c>, with latency judged
    /// against the reference build. The working tree's build and the build of the commit <c>baselines/reference.json</c>
    /// names run side by side in fresh worker process pairs, the subject's calls alternate between them in interleaved
    /// blocks, and the ratio of the two must stay within any approved allowance plus <paramref name="margin"/>. Allocations
    /// are counted in the workers and held to the entry with a tolerance derived from the noise measured in this run. When
    /// no reference build can be had, the verdict says why and falls back to the advisory calibration comparison.
    /// </summary>
    public PerfTestBuilder AgainstBaseline(string fileName, string id, IBaselineBuilds builds, BaselineStore? store = null, double margin = BaselineBudget.DefaultBuildMargin)
    {
        ArgumentNullException.ThrowIfNull(builds);
        _store = store;
        return WithBudget(new BaselineBudget(fileName, id, Builds: builds, BuildMargin: margin));
    }

    /// <summary>Adds a budget.</summary>
    public PerfTestBuilder WithBudget(Budget budget)
    {
        ArgumentNullException.ThrowIfNull(budget);
        budget.Validate();
        _budgets.Add(budget);
        return this;
    }

    /// <summary>Replaces the options.</summary>
    public PerfTestBuilder WithOptions(PerfOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.Validate();
        _options = options;
        return this;
    }

    /// <summary>Changes the options, for example <c>.WithOptions(o =&gt; o with { Strict = true })</c>.</summary>
    public PerfTestBuilder WithOptions(Func<PerfOptions, PerfOptions> configure)
    {
        ArgumentNullException.ThrowIfNull(configure);
        return WithOptions(configure(_options));
    }

    /// <summary>Measures allocations and GC counts even without an allocation budget (for reports and baselines).</summary>
    public PerfTestBuilder WithAllocations(AllocationScope scope = AllocationScope.Auto)
    {
        _measureAllocations = true;
        _allocationScope = scope;
        return this;
    }

    /// <summary>Times <paramref name="calls"/> calls one by one for mean, median, P95 and P99 in the result.</summary>
    public PerfTestBuilder WithPercentiles(int calls = 2000)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(calls, 10);
        _percentileCalls = calls;
        return this;
    }

    /// <summary>Also checks these assemblies for a Debug build (the delegates' own assemblies are always checked).</summary>
    public PerfTestBuilder CodeUnderTest(params Assembly[] assemblies)
    {
        ArgumentNullException.ThrowIfNull(assemblies);
        _assemblies.AddRange(assemblies);
        return this;
    }

    /// <summary>Measures and judges every budget.</summary>
    public Task<PerfResult> RunAsync(CancellationToken cancellationToken = default) =>
        PerfEngine.RunAsync(Build(), cancellationToken);

    internal PerfPlan Build() => new(_name ?? _subject.Name, _subject, _partner, _budgets.ToList(), _options, _allocationScope, _measureAllocations, _percentileCalls, _assemblies.ToList(), _store);
}
