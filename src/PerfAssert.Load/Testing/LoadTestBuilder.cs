using System.Diagnostics;
using PerfAssert.Baselines;
using PerfAssert.Budgets;
using PerfAssert.Diagnosis;
using PerfAssert.Reporting;
using PerfAssert.Verdicts;

namespace PerfAssert.Load.Testing;

/// <summary>
/// Builds a load test: the subject's plan, optionally a partner's plan loaded in the same run, budgets and options. Nothing
/// is started until <see cref="RunAsync"/>; the plans, budgets and options are validated first. Both sides are loaded by
/// one worker process of their own (<c>PerfAssert.Load.dll</c>, started and stopped by the test), in blocks that take
/// turns (ABBA, BAAB, ...), each block a closed loop at the plan's concurrency for <see cref="LoadOptions.BlockDuration"/>.
/// A plan's <see cref="LoadPlan.Requests"/> and <see cref="LoadPlan.Duration"/> are replaced by the blocks' duration.
/// </summary>
public sealed class LoadTestBuilder
{
    private readonly LoadPlan _subject;
    private readonly List<LoadBudget> _budgets = [];
    private LoadPlan? _partner;
    private IBaselineBuilds? _builds;
    private BaselineStore? _store;
    private string? _name;
    private LoadOptions _options = new();

    internal LoadTestBuilder(LoadPlan subject)
    {
        ArgumentNullException.ThrowIfNull(subject);
        _subject = subject;
    }

    /// <summary>Names the test in its result. <value>The default is the subject plan's name.</value></summary>
    public LoadTestBuilder Named(string name)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        _name = name;
        return this;
    }

    /// <summary>Loads <paramref name="partner"/> in the same run, in blocks taking turns with the subject's, for relative budgets.</summary>
    public LoadTestBuilder ComparedTo(LoadPlan partner)
    {
        ArgumentNullException.ThrowIfNull(partner);
        _partner = partner;
        return this;
    }

    /// <summary>
    /// Loads the working tree's build of the service against the build of the approved commit (<c>baselines/reference.json</c>)
    /// instead of a partner plan: <see cref="LoadOptions.BuildPairs"/> fresh pairs of service workers, one of each build
    /// (<c>PerfAssert.Hosting</c>'s <c>ServiceBuilds</c>), each pair loaded by a load worker of its own in rounds taking
    /// turns, the pair the unit of the interval. The plan's path and query go to each worker's first listener of the plan's
    /// scheme; its host and port are ignored. Without <c>baselines/reference.json</c> every verdict is an advisory
    /// Inconclusive saying so; a reference that cannot be built is Invalid.
    /// </summary>
    /// <param name="builds">The service's two builds.</param>
    /// <param name="store">Where <c>baselines/reference.json</c> is; <see langword="null"/> to find the repository's <c>baselines/</c>.</param>
    public LoadTestBuilder AgainstReferenceBuild(IBaselineBuilds builds, BaselineStore? store = null)
    {
        ArgumentNullException.ThrowIfNull(builds);
        (_builds, _store) = (builds, store);
        return this;
    }

    /// <summary>Budget: the subject's correctly answered requests per second at least <paramref name="ratio"/> times the partner's.</summary>
    public LoadTestBuilder RequestsPerSecondAtLeast(double ratio) => With(new ThroughputRatioBudget(Positive(ratio)));

    /// <summary>Budget: the subject's median latency under load at most <paramref name="factor"/> times the partner's.</summary>
    public LoadTestBuilder MedianAtMost(double factor) => With(new LatencyRatioBudget(LatencyStatistic.Median, Positive(factor)));

    /// <summary>Budget: the subject's 95th percentile latency under load at most <paramref name="factor"/> times the partner's.</summary>
    public LoadTestBuilder P95AtMost(double factor) => With(new LatencyRatioBudget(LatencyStatistic.P95, Positive(factor)));

    /// <summary>Budget: the subject's 99th percentile latency under load at most <paramref name="factor"/> times the partner's.</summary>
    public LoadTestBuilder P99AtMost(double factor) => With(new LatencyRatioBudget(LatencyStatistic.P99, Positive(factor)));

    /// <summary>
    /// Budget: at most this share of the subject's requests may fail or be answered wrongly (0.001 is one in a thousand).
    /// <value>Without it a load test allows none: every error and every wrong answer fails it.</value>
    /// </summary>
    public LoadTestBuilder ErrorRateAtMost(double fraction)
    {
        if (fraction is not (>= 0 and < 1))
        {
            throw new ArgumentOutOfRangeException(nameof(fraction), fraction, "The error rate allowed is a fraction from 0 to below 1.");
        }

        _budgets.RemoveAll(b => b is ErrorRateBudget);
        return With(new ErrorRateBudget(fraction));
    }

    /// <summary>
    /// An absolute floor on the subject's requests per second, always advisory (reported, never failing): on shared runners
    /// absolute throughput moves by tens of percent from run to run. Hold the subject to a partner instead.
    /// </summary>
    public LoadTestBuilder RequestsPerSecondFloor(double requestsPerSecond) => With(new ThroughputFloorBudget(Positive(requestsPerSecond)));

    /// <summary>Replaces the options.</summary>
    public LoadTestBuilder WithOptions(LoadOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.Validate();
        _options = options;
        return this;
    }

    /// <summary>Changes the options, for example <c>.WithOptions(o =&gt; o with { Rounds = 16 })</c>.</summary>
    public LoadTestBuilder WithOptions(Func<LoadOptions, LoadOptions> configure)
    {
        ArgumentNullException.ThrowIfNull(configure);
        return WithOptions(configure(_options));
    }

    /// <summary>Loads both sides and judges every budget; never throws for a failed budget (see <see cref="AssertAsync"/>).</summary>
    /// <exception cref="ArgumentException">A plan, budget or option cannot be used.</exception>
    /// <exception cref="LoadWorkerException">The worker could not reach a target, crashed or did not answer in time.</exception>
    public async Task<LoadTestResult> RunAsync(CancellationToken cancellationToken = default)
    {
        var (subject, partner, budgets) = Validated();
        var started = Stopwatch.GetTimestamp();
        if (_builds is not null)
        {
            return await AgainstBuildAsync(subject, budgets, _builds, started, cancellationToken).ConfigureAwait(false);
        }

        var plans = partner is null ? new[] { subject } : [subject, partner];
        List<LoadBlock> blocks;
        await using (var session = await LoadSession.StartAsync(plans, _options.Worker, cancellationToken).ConfigureAwait(false))
        {
            blocks = await RoundsAsync(session, plans, pair: 0, _options.Rounds, cancellationToken).ConfigureAwait(false);
        }

        var verdicts = LoadJudge.Judge(subject.Name, partner?.Name, budgets, blocks, _options);
        string? diagnosis = null;
        if (partner is not null && DiagnosisPolicy.Wanted(_options.Diagnosis, verdicts) is not null)
        {
            // The verdict's session is closed: the diagnosis loads each plan alone, with nothing else of the test running.
            var folder = DiagnosisPolicy.Folder($"{_name ?? subject.Name} under load");
            diagnosis = await LoadDiagnosis.DescribeAsync(subject, partner, _options, blocks, folder, cancellationToken).ConfigureAwait(false);
        }

        return Result(subject, partner?.Name, verdicts, blocks, started) with { Diagnosis = diagnosis };
    }

    /// <summary>Runs the test as <see cref="RunAsync"/> does and throws <see cref="LoadBudgetException"/> when a budget fails.</summary>
    public async Task<LoadTestResult> AssertAsync(CancellationToken cancellationToken = default)
    {
        var result = await RunAsync(cancellationToken).ConfigureAwait(false);
        return result.Failed ? throw new LoadBudgetException(result) : result;
    }

    private async Task<LoadTestResult> AgainstBuildAsync(LoadPlan subject, IReadOnlyList<LoadBudget> budgets, IBaselineBuilds builds, long started, CancellationToken cancellationToken)
    {
        var store = _store ?? BaselineStore.Discover();
        var reference = BaselineReference.Read(store);
        var partner = $"{subject.Name} @ reference build{(reference is null ? string.Empty : " " + reference.ShortCommit)}";
        if (reference is null)
        {
            var missing = $"no reference build: {store.Relative(BaselineReference.PathIn(store))} does not exist; name the approved commit with: perfassert baseline move";
            return Result(subject, partner, LoadJudge.Unavailable(subject.Name, partner, budgets, missing, fails: false), [], started);
        }

        // The rounds are spread over the pairs, at least three a pair so each pair's estimate rests on more than one drift.
        var rounds = Math.Max(3, (int)Math.Ceiling(_options.Rounds / (double)_options.BuildPairs));
        List<LoadBlock> blocks = [];
        try
        {
            for (var pair = 0; pair < _options.BuildPairs; pair++)
            {
                // Which build's worker starts first alternates, so neither always gets the quieter start.
                var first = pair % 2 == 0 ? BuildSide.Current : BuildSide.Baseline;
                var workers = await builds.StartPairAsync(reference, first, cancellationToken).ConfigureAwait(false);
                await using (workers.ConfigureAwait(false))
                {
                    LoadPlan[] plans = [At(subject, workers.Addresses(BuildSide.Current)), At(subject with { Name = partner }, workers.Addresses(BuildSide.Baseline))];
                    await using var session = await LoadSession.StartAsync(plans, _options.Worker, cancellationToken).ConfigureAwait(false);
                    blocks.AddRange(await RoundsAsync(session, plans, pair, rounds, cancellationToken).ConfigureAwait(false));
                }
            }
        }
        catch (BaselineBuildUnavailableException ex)
        {
            return Result(subject, partner, LoadJudge.Unavailable(subject.Name, partner, budgets, ex.Message, fails: true), blocks, started);
        }

        var verdicts = LoadJudge.Judge(subject.Name, partner, budgets, blocks, _options);
        string? diagnosis = null;
        if (DiagnosisPolicy.Wanted(_options.Diagnosis, verdicts) is not null)
        {
            var folder = DiagnosisPolicy.Folder(ResultFiles.DirectoryFor(store), $"{_name ?? subject.Name} under load");
            diagnosis = await LoadDiagnosis.DescribeAsync(builds, reference, subject, partner, _options, blocks, folder, At, cancellationToken).ConfigureAwait(false);
        }

        return Result(subject, partner, verdicts, blocks, started) with { Diagnosis = diagnosis };
    }

    /// <summary>The plan aimed at a worker: its path and query on the worker's first listener of the plan's scheme.</summary>
    private static LoadPlan At(LoadPlan plan, IReadOnlyList<Uri> addresses)
    {
        var listener = addresses.FirstOrDefault(a => a.Scheme == plan.Target.Scheme)
            ?? throw new LoadWorkerException($"The service's worker listens on {string.Join(", ", addresses)}, none of them {plan.Target.Scheme}:// as the plan '{plan.Name}' asks.");
        return plan with { Target = new Uri(listener, plan.Target.PathAndQuery) };
    }

    /// <summary>The warm-up rounds and <paramref name="rounds"/> measured rounds of one session: ABBA, then BAAB, ... (one side alone: two blocks a round).</summary>
    private async Task<List<LoadBlock>> RoundsAsync(LoadSession session, IReadOnlyList<LoadPlan> plans, int pair, int rounds, CancellationToken cancellationToken)
    {
        List<LoadBlock> blocks = [];
        for (var round = -_options.WarmupRounds; round < rounds; round++)
        {
            foreach (var side in TurnOrder(round, plans.Count))
            {
                var result = await session.RunAsync(side, _options.BlockDuration, cancellationToken).ConfigureAwait(false);
                blocks.Add(new LoadBlock(plans[side].Name, round, result) { Pair = pair });
            }
        }

        return blocks;
    }

    /// <summary>
    /// The blocks of round <paramref name="round"/> by plan index: ABBA, then BAAB, ... (one plan alone: two blocks). Each
    /// round's mean ratio cancels a linear drift, and neither side always goes first.
    /// </summary>
    internal static int[] TurnOrder(int round, int plans) => plans == 1 ? [0, 0] : round % 2 == 0 ? [0, 1, 1, 0] : [1, 0, 0, 1];

    private LoadTestResult Result(LoadPlan subject, string? partner, IReadOnlyList<Verdict> verdicts, IReadOnlyList<LoadBlock> blocks, long started) => new()
    {
        Name = _name ?? subject.Name,
        Subject = subject.Name,
        Partner = partner,
        Verdicts = verdicts,
        Blocks = blocks,
        Strict = _options.Strict,
        Duration = Stopwatch.GetElapsedTime(started),
    };

    private (LoadPlan Subject, LoadPlan? Partner, IReadOnlyList<LoadBudget> Budgets) Validated()
    {
        _options.Validate();
        var subject = _subject with { Duration = _options.BlockDuration, Requests = null };
        subject.Validate();
        var partner = _partner is null ? null : _partner with { Duration = _options.BlockDuration, Requests = null };
        partner?.Validate();
        if (partner is not null && partner.Name == subject.Name)
        {
            throw new ArgumentException($"The subject and its partner are both named '{subject.Name}': give them names of their own, as verdicts tell them apart by name.");
        }

        if (partner is not null && _builds is not null)
        {
            throw new ArgumentException($"'{subject.Name}' is compared with a partner plan and with the reference build: choose one, ComparedTo(plan) or AgainstReferenceBuild(builds).");
        }

        if (partner is null && _builds is null && _budgets.FirstOrDefault(b => b.NeedsPartner) is { } relative)
        {
            throw new ArgumentException($"The budget {relative} compares the subject with a partner: add one with ComparedTo(plan), or AgainstReferenceBuild(builds).");
        }

        // Every error and wrong answer fails a load test unless a rate is allowed; the error budget is judged first.
        IReadOnlyList<LoadBudget> budgets = [.. _budgets.OfType<ErrorRateBudget>().DefaultIfEmpty(new ErrorRateBudget(0)), .. _budgets.Where(b => b is not ErrorRateBudget)];
        return (subject, partner, budgets);
    }

    private LoadTestBuilder With(LoadBudget budget)
    {
        _budgets.Add(budget);
        return this;
    }

    private static double Positive(double value, [System.Runtime.CompilerServices.CallerArgumentExpression(nameof(value))] string? name = null) =>
        value > 0 && double.IsFinite(value) ? value : throw new ArgumentOutOfRangeException(name, value, "A budget must be a positive, finite number.");
}
