using PerfAssert.Baselines;
using PerfAssert.Budgets;
using PerfAssert.Diagnosis;

namespace PerfAssert.Measurement;

/// <summary>
/// Measures the working tree beside the reference build in the same run, in fresh pairs of worker processes (one per
/// build, started the same way): which cores a process's threads land on and what its JIT did differ per process, so the
/// pair is the unit of evidence and <see cref="PairJudge"/> decides over pairs, asking for more of them (an extension when
/// they disagree, a replacement for an outlier, a reversed confirmation of a Regression). Each group of pairs is started
/// together, warmed up together, and measured in interleaved ABBA/BAAB blocks that take the group's pairs in turn, each pair
/// getting <see cref="PerfOptions.BuildMaxBlocks"/> / <see cref="PerfOptions.BuildPairs"/> blocks whose order alternates.
/// Which worker of a pair is launched, warmed and pinned first is drawn from the run's seed (and recorded). Allocations are
/// counted in each worker of the first group; the two workers of a build measure the noise.
/// </summary>
internal sealed class BuildComparer(PerfPlan plan, Sampler sampler, BlockRunner runner)
{
    /// <summary>
    /// At most this many calls are made untimed each time a sample switches worker: the idle worker's threads wake up on them.
    /// A slow call needs fewer: they stop once they have taken about <see cref="UntimedTimeNanoseconds"/>, and one is made
    /// unless the sample is long (<see cref="LongSampleNanoseconds"/>).
    /// </summary>
    private const int MaxUntimedCalls = 3;

    private const double UntimedTimeNanoseconds = 300_000;

    /// <summary>
    /// A sample at least this long (by warm-up's slowest figure) goes without untimed calls: a large payload's call of
    /// several milliseconds spent half of every block on them. What waking up costs is paid by both builds alike and is a
    /// small part of such a sample: LargeWcfText-100 (about 5 ms a call), three verdicts each way on 2 cores (2026-11-26),
    /// read 0.999 [0.959, 1.039], 0.991 [0.958, 1.025], 0.993 [0.935, 1.055] without them and 0.994 [0.953, 1.035],
    /// 1.006 [0.963, 1.051], 1.003 [0.954, 1.055] with them, and a group's blocks took 5.4-6.9 s instead of 9.5-11.6 s.
    /// </summary>
    private const double LongSampleNanoseconds = 2_000_000;

    /// <summary>
    /// The pass against the calibration workload only yields the advisory figure (the fallback when no reference build can be
    /// had), so it stops where an in-process comparison does (<see cref="PerfOptions.MaxBlocks"/>), not at
    /// <see cref="PerfOptions.BuildMaxBlocks"/>: with no entry yet there is no limit to decide against, and it would run them all.
    /// </summary>
    private readonly BlockRunner _calibrationRunner = new(sampler, plan.Options);

    private IBuildPair? _active;

    /// <summary>Whether the pairs measured so far can be recorded (<see cref="IProfiledBuildPair"/>), so a diagnosis can be made.</summary>
    public bool PairsCanBeProfiled { get; private set; }

    /// <summary>Whether every worker of every pass so far settled before its warm-up time ran out.</summary>
    private bool _settled = true;

    /// <summary>Whether both workers of each pair of the group warmed last settled.</summary>
    private WarmupResult[][] _pairWarmups = [];

    /// <summary>
    /// Measures in pairs from <paramref name="startPair"/> (given the side to launch first, and whether a warm pair an
    /// earlier verdict left may stand in for a fresh one: for the first pairs and an extension's). With
    /// <paramref name="buildLimit"/> (the budget at a given time per call of the reference build), the two builds are
    /// compared against it; without it (no reference build: both sides of each pair are the working tree) only the advisory
    /// ratio to the calibration workload and the allocations are measured.
    /// </summary>
    public async Task<BuildMeasurement> MeasureAsync(
        Func<BuildSide, bool, CancellationToken, Task<IBuildPair>> startPair, Func<double, double>? buildLimit, ComparisonSide calibration, double calibrationLimit, Random random, CancellationToken cancellationToken)
    {
        var options = plan.Options;
        _settled = true;
        var current = Routed(BuildSide.Current);
        var baseline = Routed(BuildSide.Baseline);
        var judge = buildLimit is null ? null : new PairJudge(options, buildLimit, random);
        var firstPlans = judge?.Next!.Plans ?? Enumerable.Repeat(new PairPlan(BuildSide.Current, WorkingTreeFirst: true), options.BuildPairs).ToList();
        BlockPass toCalibration;
        long ops;
        double nanosecondsPerOp;
        AllocationMeasurement currentAllocations;
        AllocationMeasurement baselineAllocations;
        double noise;
        int reused;
        int pairCount;
        // The groups that measured, held back from the builds' keeping (IReusableBuildPair) until the verdict ends: an
        // extension may draw pairs an earlier verdict left warm, and this way never gets one of this verdict's own back.
        // Builds that keep no pairs stop each group's workers once it has measured: one group's workers run at a time.
        var held = new List<PairGroup>();
        try
        {
            var pairs = await StartPairsAsync((first, ct) => startPair(first, true, ct), firstPlans, cancellationToken).ConfigureAwait(false);
            try
            {
                PairsCanBeProfiled = pairs.All(p => p is IProfiledBuildPair);
                (ops, nanosecondsPerOp) = await WarmAsync(pairs, firstPlans, current, baseline, cancellationToken).ConfigureAwait(false);
                if (judge is not null)
                {
                    judge.Add(await Guard(pairs, () => RunPairsAsync(pairs, firstPlans, current, baseline, ops, nanosecondsPerOp, cancellationToken)).ConfigureAwait(false));
                }

                toCalibration = await Guard(pairs, () => _calibrationRunner.RunPassAsync(
                    Side(current, ops, nanosecondsPerOp), calibration, [new RatioCheck(LatencyStatistic.Mean, calibrationLimit)], random, null, cancellationToken, Rotate(pairs))).ConfigureAwait(false);
                (currentAllocations, baselineAllocations, noise) = await Guard(pairs, () => AllocationsAsync(pairs, current, baseline, ops, nanosecondsPerOp, cancellationToken)).ConfigureAwait(false);
                Completed(pairs);
            }
            finally
            {
                await HoldOrStopAsync(pairs, held).ConfigureAwait(false);
            }

            reused = pairs.Count(p => p is IReusableBuildPair { Reused: true });
            pairCount = firstPlans.Count;
            while (judge?.Next is { } request)
            {
                // An extension's pairs may be kept warm ones (distinct processes, warmed up for this operation as the first
                // pairs are); the pairs that replace an outlier or confirm a Regression are always fresh.
                var reuse = request.Pass == PairJudge.Extension;
                var group = await StartPairsAsync((first, ct) => startPair(first, reuse, ct), request.Plans, cancellationToken).ConfigureAwait(false);
                try
                {
                    await WarmAsync(group, request.Plans, current, baseline, cancellationToken).ConfigureAwait(false);
                    judge.Add(await Guard(group, () => RunPairsAsync(group, request.Plans, current, baseline, ops, nanosecondsPerOp, cancellationToken)).ConfigureAwait(false));
                    Completed(group);
                }
                finally
                {
                    await HoldOrStopAsync(group, held).ConfigureAwait(false);
                }

                reused += group.Count(p => p is IReusableBuildPair { Reused: true });
                pairCount += request.Plans.Count;
            }
        }
        finally
        {
            foreach (var group in held)
            {
                await group.DisposeAsync().ConfigureAwait(false);
            }
        }

        return new BuildMeasurement(
            judge?.Result, new Comparison(toCalibration, [null]), currentAllocations, baselineAllocations, noise, pairCount, ops, _settled)
        {
            ReusedPairs = reused,
        };
    }

    /// <summary>
    /// Profiles both builds on <see cref="BuildDiagnosis.Pairs"/> fresh pairs, started and warmed up together as a verdict's
    /// pairs are and never timed: each pair's workers, the one launched first first, are recorded one at a time while they
    /// serve the measured call for <see cref="PerfOptions.DiagnosisTime"/>; then every recording is read, the two builds are
    /// compared per call over the pairs and the files written into <paramref name="folder"/>. Throws, saying why, when a pair
    /// cannot be profiled.
    /// </summary>
    public async Task<BuildDiagnosis> DiagnoseAsync(Func<BuildSide, CancellationToken, Task<IBuildPair>> startPair, string folder, long callsWanted, Random random, CancellationToken cancellationToken)
    {
        var first = new PairPlan(random.Next(2) == 0 ? BuildSide.Current : BuildSide.Baseline, WorkingTreeFirst: true);
        var plans = Enumerable.Range(0, BuildDiagnosis.Pairs).Select(p => p % 2 == 0 ? first : first.Reversed()).ToList();
        var operations = new Dictionary<BuildSide, Operation> { [BuildSide.Current] = Routed(BuildSide.Current), [BuildSide.Baseline] = Routed(BuildSide.Baseline) };
        await using var pairs = await StartPairsAsync(startPair, plans, cancellationToken).ConfigureAwait(false);
        var profiled = pairs.Select(p => p as IProfiledBuildPair ?? throw new NotSupportedException($"the builds' worker pairs ({p.GetType().Name}) cannot be profiled")).ToList();
        await WarmAsync(pairs, plans, operations[BuildSide.Current], operations[BuildSide.Baseline], cancellationToken).ConfigureAwait(false);
        Directory.CreateDirectory(folder);
        var recordings = plans.SelectMany((plan, p) => new[] { plan.First, plan.Reversed().First }.Select(side => new CallRecording(p, side, Path.Combine(folder, BuildDiagnosis.Trace(side, p + 1))))).ToList();
        var prioritized = true;
        foreach (var recording in recordings)
        {
            _active = pairs[recording.Observation];
            prioritized &= await Guard(pairs, () => profiled[recording.Observation].RecordAsync(
                recording.Side, recording.File, ct => recording.RunAsync(operations[recording.Side], plan.Options.Clock, callsWanted, plan.Options.DiagnosisTime, ct), cancellationToken)).ConfigureAwait(false);
        }

        // Every recording made, each with nothing else running: now they are read side by side (about a second each).
        var read = await Guard(pairs, () => Task.WhenAll(recordings.Select(r => profiled[r.Observation].ReadAsync(r.Side, r.File, cancellationToken)))).ConfigureAwait(false);
        var diagnosis = await BuildDiagnosis.CompareAsync(
            [.. recordings.Zip(read, (r, x) => (r.Observation, r.Side, r.Calls, x))],
            plans.Count, plan.Subject.Name, DiagnosisSides.Builds, CallRecording.MeanElapsed(recordings), folder, cancellationToken).ConfigureAwait(false);
        return diagnosis with { SamplerStarved = !prioritized };
    }

    /// <summary>
    /// Measures a group of warm pairs: <see cref="PerfOptions.BuildMaxBlocks"/> / <see cref="PerfOptions.BuildPairs"/> blocks
    /// per pair (at least 2), taking the pairs in turn so drift touches all of them alike; each pair's blocks alternate
    /// between ABBA and BAAB from the order its plan starts with.
    /// </summary>
    private async Task<IReadOnlyList<MeasuredPair>> RunPairsAsync(
        PairGroup pairs, IReadOnlyList<PairPlan> plans, Operation current, Operation baseline, long ops, double nanosecondsPerOp, CancellationToken cancellationToken)
    {
        var options = plan.Options;
        var perPair = Math.Max(2, (int)Math.Ceiling(options.BuildMaxBlocks / (double)options.BuildPairs));
        var k = pairs.Count;
        var jitBefore = await ReadJitAsync(pairs, cancellationToken).ConfigureAwait(false);
        var blocks = await runner.RunBlocksAsync(
            Side(current, ops, nanosecondsPerOp),
            Side(baseline, ops, nanosecondsPerOp),
            minBlocks: 2 * k,
            maxBlocks: perPair * k,
            block =>
            {
                _active = pairs[block % k];
                return plans[block % k].WorkingTreeFirstIn(block / k);
            },
            cancellationToken).ConfigureAwait(false);
        var jitAfter = await ReadJitAsync(pairs, cancellationToken).ConfigureAwait(false);
        return Enumerable.Range(0, k).Select(p => new MeasuredPair(
            plans[p],
            blocks.Select((b, i) => (Block: b, Index: i)).Where(x => x.Index % k == p).Select(x => new BuildBlockEvidence
            {
                PassBlock = x.Index,
                WorkingTreeFirst = x.Block.AFirst,
                WorkingTreeNs = x.Block.ANanosecondsPerOp,
                BaselineNs = x.Block.BNanosecondsPerOp,
            }).ToList(),
            _pairWarmups.Length == k && _pairWarmups[p].All(w => w.Settled),
            jitAfter[2 * p].CompiledMethods - jitBefore[2 * p].CompiledMethods + jitAfter[(2 * p) + 1].CompiledMethods - jitBefore[(2 * p) + 1].CompiledMethods,
            _pairWarmups.Length == k ? _pairWarmups[p].Max(w => w.Elapsed) : TimeSpan.Zero,
            _pairWarmups.Length == k ? _pairWarmups[p].FirstOrDefault(w => !w.Settled).Unsettled : null)).ToList();
    }

    /// <summary>Each pair's two workers' JIT state (current build, then reference build), in pair order.</summary>
    private static async Task<JitReading[]> ReadJitAsync(PairGroup pairs, CancellationToken cancellationToken)
    {
        var readings = new List<JitReading>(2 * pairs.Count);
        foreach (var pair in pairs)
        {
            readings.Add(Jit(await pair.ReadCountersAsync(BuildSide.Current, cancellationToken).ConfigureAwait(false)));
            readings.Add(Jit(await pair.ReadCountersAsync(BuildSide.Baseline, cancellationToken).ConfigureAwait(false)));
        }

        return [.. readings];
    }

    private static ComparisonSide Side(Operation operation, long ops, double nanosecondsPerOp) => new(operation, ops, UntimedCalls: UntimedCalls(ops, nanosecondsPerOp));

    private static int UntimedCalls(long ops, double nanosecondsPerOp)
    {
        if (!(nanosecondsPerOp > 0))
        {
            return MaxUntimedCalls;
        }

        return nanosecondsPerOp * ops >= LongSampleNanoseconds ? 0 : (int)Math.Clamp(Math.Ceiling(UntimedTimeNanoseconds / nanosecondsPerOp), 1, MaxUntimedCalls);
    }

    /// <summary>The subject, its calls routed to one build of the pair whose turn it is.</summary>
    private Operation Routed(BuildSide side) => Operation.Async(plan.Subject.Name, cancellationToken =>
    {
        _active!.Select(side);
        return plan.Subject.RunAsync(1, cancellationToken);
    });

    private Action<int> Rotate(PairGroup pairs) => block => _active = pairs[block % pairs.Count];

    /// <summary>
    /// Starts a group's pairs side by side, each launched in its plan's order (a pair's first side launches before its
    /// first await, so the launches keep that order): nothing is timed yet, and four workers starting at once on two cores
    /// take less time than two pairs one after the other. When one fails, the others are stopped before it is reported.
    /// </summary>
    private static async Task<PairGroup> StartPairsAsync(Func<BuildSide, CancellationToken, Task<IBuildPair>> startPair, IReadOnlyList<PairPlan> plans, CancellationToken cancellationToken)
    {
        var starting = new List<Task<IBuildPair>>(plans.Count);
        try
        {
            foreach (var pairPlan in plans)
            {
                starting.Add(startPair(pairPlan.First, cancellationToken));
            }

            await Task.WhenAll(starting).ConfigureAwait(false);
        }
        catch
        {
            // Every start is awaited, so no worker is left running; the first failure is the one reported.
            await ((Task)Task.WhenAll(starting)).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
            await using var started = new PairGroup();
            started.AddRange(starting.Where(t => t.IsCompletedSuccessfully).Select(t => t.Result));
            throw;
        }

        var group = new PairGroup();
        group.AddRange(starting.Select(t => t.Result));
        return group;
    }

    /// <summary>
    /// Warms every worker up, one sample of each in turn, until each one's timings agree and its own JIT has gone quiet
    /// (read from the worker's counters: a fresh worker settles at its tier-0 speed, several times the steady one, before
    /// its hot code is recompiled), or the pass's warm-up time has run out (<see cref="PerfOptions.BuildMaxWarmupTime"/> for
    /// every two pairs); the workers' JITs work side by side meanwhile. Then the pairs are told they are warm (they pin
    /// their workers). Both builds use the
    /// same number of calls per sample: as many as take <see cref="PerfOptions.TargetSampleTime"/> at the slowest worker's
    /// settled time per call (never more than warm-up's own batch); also returns that time per call, which sizes the
    /// allocation repeats. Within each pair the worker its plan puts first is warmed first (and pinned first).
    /// </summary>
    private async Task<(long Ops, double NanosecondsPerOp)> WarmAsync(PairGroup pairs, IReadOnlyList<PairPlan> plans, Operation current, Operation baseline, CancellationToken cancellationToken)
    {
        var workers = pairs.SelectMany((pair, p) => (plans[p].First == BuildSide.Current
            ? new[] { (Side: BuildSide.Current, Operation: current), (Side: BuildSide.Baseline, Operation: baseline) }
            : [(Side: BuildSide.Baseline, Operation: baseline), (Side: BuildSide.Current, Operation: current)]).Select(worker => new Warmed(
            worker.Operation,
            () => _active = pair,
            async ct => Jit(await pair.ReadCountersAsync(worker.Side, ct).ConfigureAwait(false)),
            MaxUntimedCalls, CountCalls: false))).ToList();
        var warm = await Guard(pairs, async () =>
        {
            foreach (var pair in pairs)
            {
                await pair.WarmingUpAsync(cancellationToken).ConfigureAwait(false);
            }

            var warmed = await Warmup.RunTogetherAsync(workers, sampler, plan.Options with { MaxWarmupTime = plan.Options.BuildMaxWarmupTime }, cancellationToken).ConfigureAwait(false);
            foreach (var pair in pairs)
            {
                await pair.WarmedUpAsync(cancellationToken).ConfigureAwait(false);
            }

            return warmed;
        }).ConfigureAwait(false);

        _settled &= warm.All(w => w.Settled);
        _pairWarmups = Enumerable.Range(0, pairs.Count).Select(p => new[] { warm[2 * p], warm[(2 * p) + 1] }).ToArray();

        // Each worker's batch as long as TargetSampleTime at its settled time per call, the largest of them for both builds. Not
        // the batch warm-up grew to, with which a quick case's 2 ms samples took 6 ms. Measured both ways, an A/A verdict took
        // a fifth less time and its pairs spread a little more (docs/verdict-quality-history.md, 2026-11-30); a longer
        // TargetSampleTime buys that back.
        return (Math.Max(1, warm.Max(w => w.OpsFor(plan.Options.TargetSampleTime))), warm.Max(w => w.NanosecondsPerOp));
    }

    private static JitReading Jit(WorkerCounters counters) =>
        new(counters.JitCompiledMethods, counters.TieringEvents, counters.CallCountingDelaying, counters.CallCountingDelay, counters.CallCountingDelayStarts, counters.PromotionBacklog);

    private async Task<(AllocationMeasurement Current, AllocationMeasurement Baseline, double Noise)> AllocationsAsync(
        PairGroup pairs, Operation current, Operation baseline, long opsPerSample, double nanosecondsPerOp, CancellationToken cancellationToken)
    {
        // Counted exactly in the worker, so a fifth of the in-process count does, and a fifth of its time: a slow call (a
        // large payload of several milliseconds) gets as many as fit in a fifth of AllocationRepeatTime, never fewer than one
        // sample's worth. The four workers of a Large-100 comparison took 4.9-5.5 s with the whole of it, 1.0-1.1 s with a
        // fifth, and held the same committed allocation budgets.
        var preferred = Math.Max(100, plan.Options.MinAllocationOps / 5);
        var affordable = nanosecondsPerOp > 0 ? (long)Math.Ceiling(plan.Options.AllocationRepeatTime.TotalNanoseconds / 5 / nanosecondsPerOp) : preferred;
        var ops = Math.Max(opsPerSample, Math.Min(preferred, affordable));
        var measured = new List<(BuildSide Side, AllocationMeasurement Measurement, double Spread)>();
        foreach (var pair in pairs)
        {
            _active = pair;
            foreach (var (side, operation) in new[] { (BuildSide.Current, current), (BuildSide.Baseline, baseline) })
            {
                var (measurement, spread) = await WorkerAllocationMeter.MeasureAsync(pair, side, operation, ops, sampler, plan.Options, cancellationToken).ConfigureAwait(false);
                measured.Add((side, measurement, spread));
            }
        }

        AllocationMeasurement Smallest(BuildSide side) => measured.Where(m => m.Side == side).MinBy(m => m.Measurement.BytesPerOp).Measurement;
        double Apart(BuildSide side) => measured.Where(m => m.Side == side).Max(m => m.Measurement.BytesPerOp) - measured.Where(m => m.Side == side).Min(m => m.Measurement.BytesPerOp);
        var noise = Math.Max(Math.Max(Apart(BuildSide.Current), Apart(BuildSide.Baseline)), measured.Max(m => m.Spread));
        return (Smallest(BuildSide.Current), Smallest(BuildSide.Baseline), noise);
    }

    /// <summary>
    /// Holds a group whose pairs the builds may keep warm in <paramref name="held"/>, to be disposed when the verdict ends;
    /// stops any other group's workers now.
    /// </summary>
    private static async Task HoldOrStopAsync(PairGroup group, List<PairGroup> held)
    {
        if (group.Any(p => p is IReusableBuildPair))
        {
            held.Add(group);
        }
        else
        {
            await group.DisposeAsync().ConfigureAwait(false);
        }
    }

    /// <summary>Says to each pair that can be kept warm that its measurement went through.</summary>
    private static void Completed(PairGroup pairs)
    {
        foreach (var pair in pairs.OfType<IReusableBuildPair>())
        {
            pair.Completed();
        }
    }

    /// <inheritdoc cref="Guard{T}(PairGroup, Func{Task{T}})"/>
    private static Task Guard(PairGroup pairs, Func<Task> measure) => Guard(pairs, async () =>
    {
        await measure().ConfigureAwait(false);
        return true;
    });

    /// <summary>A failure while workers run is most often a worker that died: say which, with its output.</summary>
    private static async Task<T> Guard<T>(PairGroup pairs, Func<Task<T>> measure)
    {
        try
        {
            return await measure().ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is not OperationCanceledException)
        {
            // Each pair's check may wait a moment for a worker's exit; they wait side by side, and the first pair that
            // lost a worker is the one reported.
            var checks = pairs.Select(pair => Task.Run(pair.EnsureRunning)).ToArray();
            await ((Task)Task.WhenAll(checks)).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
            foreach (var check in checks)
            {
                await check.ConfigureAwait(false);
            }

            throw;
        }
    }

    /// <summary>
    /// The pairs of one pass; disposing stops every worker, even when starting a later pair failed. The pairs stop side by
    /// side: a worker that does not exit when asked (a call of its hangs) ends itself a second later, or is killed after a
    /// few seconds, and one after the other those seconds added up. Each pair's disposal is started in order, so the pairs
    /// a pool keeps are kept in order.
    /// </summary>
    private sealed class PairGroup : List<IBuildPair>, IAsyncDisposable
    {
        public async ValueTask DisposeAsync() => await Task.WhenAll(this.Select(pair => pair.DisposeAsync().AsTask()).ToArray()).ConfigureAwait(false);
    }
}
