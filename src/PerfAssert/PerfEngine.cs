using System.Diagnostics;
using PerfAssert.Baselines;
using PerfAssert.Budgets;
using PerfAssert.Environments;
using PerfAssert.Measurement;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert;

/// <summary>
/// Runs a <see cref="PerfPlan"/>: checks the environment, warms up, compares interleaved blocks with sequential looks,
/// confirms regressions in reversed order, measures allocations, and turns it all into verdicts. One measurement runs at a
/// time in a process, so performance tests never measure each other's load.
/// </summary>
internal static class PerfEngine
{
    private const int CalibrationSamples = 21;
    private const int CalibrationAttempts = 3;
    private static readonly SemaphoreSlim Gate = new(1, 1);

    public static async Task<PerfResult> RunAsync(PerfPlan plan, CancellationToken cancellationToken)
    {
        Validate(plan);
        // A corrupt or foreign baseline fails before anything is measured.
        var judge = plan.Budgets.OfType<BaselineBudget>().SingleOrDefault() is { } budget ? BaselineJudge.Load(plan.Store ?? BaselineStore.Discover(), budget) : null;
        await Gate.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            // Off the caller's synchronization context, so continuations of async operations run like in production.
            return judge?.Budget.Builds is not null
                ? await Task.Run(() => BuildRun.RunAsync(plan, judge, cancellationToken), cancellationToken).ConfigureAwait(false)
                : await Task.Run(() => RunCoreAsync(plan, judge, cancellationToken), cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            Gate.Release();
        }
    }

    private static void Validate(PerfPlan plan)
    {
        plan.Options.Validate();
        foreach (var budget in plan.Budgets)
        {
            budget.Validate();
            if (budget.NeedsPartner && plan.Partner is null)
            {
                throw new InvalidOperationException($"The budget {budget} compares '{plan.Subject.Name}' with a partner, but none was given: call ComparedTo(...) first.");
            }
        }

        if (plan.Budgets.OfType<BaselineBudget>().Count() > 1)
        {
            throw new InvalidOperationException($"'{plan.Subject.Name}' has more than one baseline budget; a test has one baseline entry.");
        }

        if (plan.Budgets.OfType<BaselineBudget>().Any(b => b.Builds is not null) && (plan.Budgets.Count > 1 || plan.Partner is not null || plan.PercentileCalls > 0))
        {
            throw new InvalidOperationException($"'{plan.Subject.Name}' is judged against the reference build (AgainstBaseline(file, id, builds)), which measures the subject in the service's worker processes only: give it no partner, no percentiles and no other budget, and put those in a test of their own.");
        }
    }

    private static async Task<PerfResult> RunCoreAsync(PerfPlan plan, BaselineJudge? judge, CancellationToken cancellationToken)
    {
        var options = plan.Options;
        var started = options.Clock.GetTimestamp();
        var seed = options.Seed ?? Random.Shared.Next();
        var random = new Random(seed);
        var sampler = new Sampler(options);
        var runner = new BlockRunner(sampler, options);

        var assemblies = plan.AssembliesUnderTest.Append(plan.Subject.Method.Module.Assembly);
        if (plan.Partner is not null)
        {
            assemblies = assemblies.Append(plan.Partner.Method.Module.Assembly);
        }

        var reasons = EnvironmentCheck.Inspect(assemblies, Debugger.IsAttached);
        Settle();
        // An unsteady machine voids timings, not allocations: those are counted exactly whatever the load.
        var timingReasons = new List<string>();
        var (calibration, calibrationOps) = await CalibrateAsync(sampler, options, cancellationToken).ConfigureAwait(false);
        if (!(calibration.MeanNs > 0))
        {
            timingReasons.Add("the calibration workload measured no time: the clock is not advancing");
        }
        else if (calibration.Spread > options.MaxCalibrationSpread)
        {
            timingReasons.Add($"the machine is too unstable to judge: calibration spread {calibration.Spread:P0} > {nameof(PerfOptions.MaxCalibrationSpread)} {options.MaxCalibrationSpread:P0}");
        }

        var subjectWarmup = await Warmup.RunAsync(plan.Subject, sampler, options, cancellationToken).ConfigureAwait(false);
        var partnerWarmup = plan.Partner is null ? default : await Warmup.RunAsync(plan.Partner, sampler, options, cancellationToken).ConfigureAwait(false);
        var subject = new ComparisonSide(plan.Subject, subjectWarmup.OpsPerSample);
        var partner = plan.Partner is null ? null : new ComparisonSide(plan.Partner, partnerWarmup.OpsPerSample);

        var verdicts = new List<Verdict>();
        BlockPass? timed = null;
        string? unsettled = null;
        double? subjectMean = null;
        double? partnerMean = null;
        var relative = plan.Budgets.OfType<RelativeLatencyBudget>().ToList();
        if (relative.Count > 0)
        {
            var checks = relative.Select(b => new RatioCheck(b.Statistic, b.MaxRatio)).ToList();
            var comparison = await CompareAsync(runner, subject, partner!, checks, random, options, cancellationToken).ConfigureAwait(false);
            subjectMean = comparison.First.SubjectNanosecondsPerOp;
            partnerMean = comparison.First.PartnerNanosecondsPerOp;
            timed = comparison.First;
            unsettled = SettledCheck.Reason(subjectWarmup, partnerWarmup, comparison.First);
            verdicts.AddRange(relative.Select((b, i) => SettledCheck.Apply(VerdictFactory.Relative(plan, b, comparison, i), unsettled)));
        }

        var absolute = plan.Budgets.OfType<AbsoluteLatencyBudget>().ToList();
        if (absolute.Count > 0)
        {
            var calibrationSide = new ComparisonSide(options.Calibration, calibrationOps, MeanOnly: true);
            var checks = absolute.Select(b => new RatioCheck(b.Statistic, b.Max.TotalNanoseconds / calibration.MeanNs)).ToList();
            var comparison = await CompareAsync(runner, subject, calibrationSide, checks, random, options, cancellationToken).ConfigureAwait(false);
            subjectMean ??= comparison.First.SubjectNanosecondsPerOp;
            timed ??= comparison.First;
            var absoluteUnsettled = SettledCheck.Reason(subjectWarmup, null, comparison.First);
            unsettled ??= absoluteUnsettled;
            verdicts.AddRange(absolute.Select((b, i) => SettledCheck.Apply(VerdictFactory.Absolute(plan, b, comparison, i, calibration.MeanNs), absoluteUnsettled)));
        }

        Comparison? baselineCalibration = null;
        Comparison? baselinePartner = null;
        if (judge is not null)
        {
            var calibrationSide = new ComparisonSide(options.Calibration, calibrationOps, MeanOnly: true);
            baselineCalibration = await CompareAsync(runner, subject, calibrationSide, [new RatioCheck(LatencyStatistic.Mean, judge.CalibrationLimit)], random, options, cancellationToken).ConfigureAwait(false);
            subjectMean ??= baselineCalibration.First.SubjectNanosecondsPerOp;
            if (partner is not null)
            {
                baselinePartner = await CompareAsync(runner, subject, partner, [new RatioCheck(LatencyStatistic.Mean, judge.PartnerLimit)], random, options, cancellationToken).ConfigureAwait(false);
                partnerMean ??= baselinePartner.First.PartnerNanosecondsPerOp;
            }
        }

        var needsAllocations = judge is not null || plan.MeasureAllocations || plan.Budgets.Any(b => b is AllocationBudget or RelativeAllocationBudget or GcBudget);
        var subjectAllocations = needsAllocations
            ? await AllocationMeter.MeasureAsync(plan.Subject, subject.OpsPerSample, subjectMean ?? subjectWarmup.NanosecondsPerOp, sampler, options, plan.AllocationScope, cancellationToken).ConfigureAwait(false)
            : null;
        var partnerAllocations = needsAllocations && partner is not null
            ? await AllocationMeter.MeasureAsync(partner.Operation, partner.OpsPerSample, partnerMean ?? partnerWarmup.NanosecondsPerOp, sampler, options, plan.AllocationScope, cancellationToken).ConfigureAwait(false)
            : null;
        verdicts.AddRange(VerdictFactory.Allocations(plan, subjectAllocations, partnerAllocations));

        var subjectPerCall = plan.PercentileCalls > 0 ? await DistributionAsync(plan.Subject, plan.PercentileCalls, sampler, options, cancellationToken).ConfigureAwait(false) : null;
        var partnerPerCall = plan.PercentileCalls > 0 && plan.Partner is not null ? await DistributionAsync(plan.Partner, plan.PercentileCalls, sampler, options, cancellationToken).ConfigureAwait(false) : null;

        if (judge is not null)
        {
            var judged = judge.Judge(plan, baselineCalibration!, baselinePartner, subjectAllocations!);
            // Never record a baseline from a run whose figures are meaningless.
            if (judge.WantsCandidate(judged) && reasons.Count == 0 && timingReasons.Count == 0)
            {
                judged = await judge.RecordCandidateAsync(judged, baselineCalibration!, baselinePartner, subjectAllocations!, cancellationToken).ConfigureAwait(false);
            }

            verdicts.AddRange(judged);
        }

        verdicts = verdicts.Select(v => Invalidate(v, v.Unit is "x" or "us" ? reasons.Concat(timingReasons) : reasons)).ToList();

        // A comparison with the partner that failed says where (by default on a Regression): the subject and the partner are
        // recorded in turn in this process after the verdict, whose timings they never join. The recording samples real time,
        // so a verdict timed on another clock (PerfOptions.Clock: simulations, tests of the engine) has none.
        if (plan.Partner is not null && options.Clock == TimeProvider.System && Diagnosis.DiagnosisPolicy.Wanted(options, verdicts.Where(v => v.Partner == plan.Partner.Name)) is { } diagnosed)
        {
            var text = await Diagnosis.ProcessDiagnosis.DescribeAsync(
                plan, (subjectMean ?? 0) - (partnerMean ?? 0), (subjectAllocations?.BytesPerOp ?? 0) - (partnerAllocations?.BytesPerOp ?? 0), random, cancellationToken).ConfigureAwait(false);
            verdicts = verdicts.Select(v => diagnosed.Contains(v) ? v with { Diagnosis = text } : v).ToList();
        }

        // Without a comparison, the per-call phase is the settled measurement; warm-up's last samples are only a fallback.
        var subjectNs = subjectMean ?? subjectPerCall?.MeanNs ?? subjectWarmup.NanosecondsPerOp;
        return new PerfResult
        {
            Name = plan.Name,
            Verdicts = verdicts,
            Subject = Summary(plan.Subject, subjectWarmup, subjectNs, subjectPerCall, subjectAllocations, calibration) with
            {
                Unsettled = unsettled ?? Unsettled(subjectWarmup),
                JitActiveBlocks = timed?.JitActiveBlocks ?? 0,
                Blocks = timed?.Blocks ?? 0,
            },
            Partner = plan.Partner is null ? null : Summary(plan.Partner, partnerWarmup, partnerMean ?? partnerPerCall?.MeanNs ?? partnerWarmup.NanosecondsPerOp, partnerPerCall, partnerAllocations, calibration) with
            {
                Unsettled = unsettled ?? Unsettled(partnerWarmup),
                JitActiveBlocks = timed?.JitActiveBlocks ?? 0,
                Blocks = timed?.Blocks ?? 0,
            },
            Calibration = calibration,
            Environment = EnvironmentInfo.Current,
            Seed = seed,
            Duration = options.Clock.GetElapsedTime(started),
            Strict = options.Strict,
            BaselineFile = judge?.Budget.FileName,
            BaselineId = judge?.Budget.Id,
        };
    }

    /// <summary>Runs a pass and, for every check it judged a regression, a confirmation pass in reversed block order.</summary>
    private static async Task<Comparison> CompareAsync(
        BlockRunner runner, ComparisonSide subject, ComparisonSide partner, List<RatioCheck> checks, Random random, PerfOptions options, CancellationToken cancellationToken)
    {
        var first = await runner.RunPassAsync(subject, partner, checks, random, null, cancellationToken).ConfigureAwait(false);
        var regressed = Enumerable.Range(0, checks.Count).Where(i => first.Outcomes[i] == VerdictOutcome.Regression).ToList();
        var confirmations = new Confirmation?[checks.Count];
        if (options.ConfirmRegressions && regressed.Count > 0)
        {
            var second = await runner.RunPassAsync(subject, partner, regressed.Select(i => checks[i]).ToList(), random, first.Orders, cancellationToken).ConfigureAwait(false);
            for (var k = 0; k < regressed.Count; k++)
            {
                confirmations[regressed[k]] = new Confirmation(second, k);
            }
        }

        return new Comparison(first, confirmations);
    }

    /// <summary>
    /// Calibrates, and if the machine looks unstable tries twice more after settling: an unstable machine stays unstable,
    /// while a blip (the previous test's background GC, a one-off burst of load) passes and must not void the verdicts.
    /// </summary>
    internal static async Task<(CalibrationSummary Summary, long OpsPerSample)> CalibrateAsync(Sampler sampler, PerfOptions options, CancellationToken cancellationToken)
    {
        var best = await CalibrateOnceAsync(sampler, options, cancellationToken).ConfigureAwait(false);
        for (var attempt = 1; attempt < CalibrationAttempts && !(best.Summary.Spread <= options.MaxCalibrationSpread); attempt++)
        {
            Settle();
            var next = await CalibrateOnceAsync(sampler, options, cancellationToken).ConfigureAwait(false);
            if (next.Summary.Spread < best.Summary.Spread)
            {
                best = next;
            }
        }

        return best;
    }

    private static async Task<(CalibrationSummary Summary, long OpsPerSample)> CalibrateOnceAsync(Sampler sampler, PerfOptions options, CancellationToken cancellationToken)
    {
        var calibrationOptions = options with { MaxWarmupTime = TimeSpan.FromTicks(Math.Min(options.MaxWarmupTime.Ticks, TimeSpan.FromMilliseconds(400).Ticks)) };
        var warmup = await Warmup.RunAsync(options.Calibration, sampler, calibrationOptions, cancellationToken).ConfigureAwait(false);
        var perOp = new double[CalibrationSamples];
        for (var i = 0; i < perOp.Length; i++)
        {
            perOp[i] = (await sampler.TimeBatchAsync(options.Calibration, warmup.OpsPerSample, cancellationToken).ConfigureAwait(false)) * sampler.NanosecondsPerTick / warmup.OpsPerSample;
        }

        Array.Sort(perOp);
        var median = Quantiles.OfSorted(perOp, 0.5);
        // Interquartile range: a preempted sample or two on a busy machine is noise the blocks absorb; a wide middle is not.
        var spread = (Quantiles.OfSorted(perOp, 0.75) - Quantiles.OfSorted(perOp, 0.25)) / median;
        return (new CalibrationSummary(perOp.Average(), spread, perOp.Length), warmup.OpsPerSample);
    }

    /// <summary>Lets the previous test's garbage and finalizers go before measuring, so their collection is not billed here.</summary>
    internal static void Settle()
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
    }

    private static async Task<LatencyDistribution> DistributionAsync(Operation operation, int maxCalls, Sampler sampler, PerfOptions options, CancellationToken cancellationToken)
    {
        var timings = new List<double>(maxCalls);
        var one = new double[1];
        var started = options.Clock.GetTimestamp();
        while (timings.Count < maxCalls && (timings.Count < 10 || options.Clock.GetElapsedTime(started) < options.PercentileTime))
        {
            await sampler.TimeCallsAsync(operation, one, cancellationToken).ConfigureAwait(false);
            timings.Add(one[0]);
        }

        return new LatencyDistribution(
            timings.Count,
            timings.Average(),
            Quantiles.HarrellDavis(timings, 0.5),
            Quantiles.HarrellDavis(timings, 0.95),
            Quantiles.HarrellDavis(timings, 0.99),
            timings.Max());
    }

    internal static Verdict Invalidate(Verdict verdict, IEnumerable<string> reasons)
    {
        var reason = string.Join("; ", reasons);
        if (reason.Length == 0)
        {
            return verdict;
        }

        // A verdict that was Invalid already (a reference build that cannot be had) keeps its own reason first: that is
        // what the user must fix, and a machine that is also unstable must not hide it. Any other verdict's own reason
        // (no committed entry, a shallow clone that cannot build the reference) follows, so it is not lost either.
        var own = verdict.Reason;
        return verdict with
        {
            Outcome = VerdictOutcome.Invalid,
            Reason = string.IsNullOrEmpty(own) ? reason : verdict.Outcome == VerdictOutcome.Invalid ? own + "; " + reason : reason + "; " + own,
            Confirmed = false,
        };
    }

    private static string? Unsettled(WarmupResult warmup) => warmup.Unsettled is null
        ? null
        : FormattableString.Invariant($"warm-up did not settle within {warmup.Elapsed.TotalSeconds:0.0} s: {warmup.Unsettled}");

    internal static OperationSummary Summary(Operation operation, WarmupResult warmup, double meanNs, LatencyDistribution? perCall, AllocationMeasurement? allocations, CalibrationSummary calibration) => new()
    {
        Name = operation.Name,
        OpsPerSample = warmup.OpsPerSample,
        MeanNs = meanNs,
        WarmupSettled = warmup.Settled,
        WarmupTime = warmup.Elapsed,
        Unsettled = Unsettled(warmup),
        PerCall = perCall,
        Allocations = allocations,
        CalibrationRatio = meanNs / calibration.MeanNs,
    };
}
