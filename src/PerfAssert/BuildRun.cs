using System.Diagnostics;
using PerfAssert.Baselines;
using PerfAssert.Environments;
using PerfAssert.Measurement;

namespace PerfAssert;

/// <summary>
/// Runs a test judged against the reference build (<c>AgainstBaseline(file, id, builds)</c>): the working tree and the
/// commit of <c>baselines/reference.json</c> measured side by side in fresh worker process pairs. Without a reference file
/// it measures the working tree alone and says so; with a reference that cannot be built, latency is Invalid and says why.
/// </summary>
internal static class BuildRun
{
    public static async Task<PerfResult> RunAsync(PerfPlan plan, BaselineJudge judge, CancellationToken cancellationToken)
    {
        var options = plan.Options;
        var builds = judge.Budget.Builds!;
        var started = options.Clock.GetTimestamp();
        var seed = options.Seed ?? Random.Shared.Next();
        var random = new Random(seed);
        var sampler = new Sampler(options);
        var runner = new BlockRunner(sampler, options with { MaxBlocks = options.BuildMaxBlocks });
        var reasons = EnvironmentCheck.Inspect(plan.AssembliesUnderTest.Append(plan.Subject.Method.Module.Assembly), Debugger.IsAttached);
        PerfEngine.Settle();
        var (calibration, calibrationOps) = await PerfEngine.CalibrateAsync(sampler, options, cancellationToken).ConfigureAwait(false);
        var calibrationSide = new ComparisonSide(options.Calibration, calibrationOps, MeanOnly: true);
        var timingReasons = calibration.Spread > options.MaxCalibrationSpread
            ? [$"the machine is too unstable to judge: calibration spread {calibration.Spread:P0} > {nameof(PerfOptions.MaxCalibrationSpread)} {options.MaxCalibrationSpread:P0}"]
            : Array.Empty<string>();

        var comparer = new BuildComparer(plan, sampler, runner);
        var reference = BaselineReference.Read(judge.Store);
        string? unavailable = null;
        var unavailableFails = false;
        BuildMeasurement measured;
        try
        {
            if (reference is null)
            {
                throw new BaselineBuildUnavailableException($"no reference build: {judge.Store.Relative(BaselineReference.PathIn(judge.Store))} does not exist; name the approved commit with: perfassert baseline move");
            }

            measured = await comparer.MeasureAsync(
                (first, reuse, ct) => reuse ? builds.StartOrReusePairAsync(reference, first, ct) : builds.StartPairAsync(reference, first, ct), referenceNs => BuildJudge.LatencyLimit(judge.Entry, judge.Budget.BuildMargin, referenceNs), calibrationSide, judge.CalibrationLimit, random, cancellationToken).ConfigureAwait(false);
        }
        catch (BaselineBuildUnavailableException ex)
        {
            unavailable = ex.Message;
            unavailableFails = reference is not null;
            measured = await comparer.MeasureAsync((first, _, ct) => builds.StartCurrentPairAsync(first, ct), null, calibrationSide, judge.CalibrationLimit, random, cancellationToken).ConfigureAwait(false);
        }

        var verdicts = BuildJudge.Judge(plan, judge, measured, reference, unavailable, unavailableFails);
        // A run whose reference build could not be had has nothing worth recording.
        if ((judge.WantsCandidate(verdicts) || BuildJudge.CommittedFigureIsStale(judge, measured)) && reasons.Count == 0 && timingReasons.Length == 0 && !unavailableFails)
        {
            verdicts = await judge.RecordCandidateAsync(verdicts, BuildJudge.Candidate(judge.Entry, measured, verdicts), measured.Current, cancellationToken).ConfigureAwait(false);
        }

        verdicts = verdicts.Select(v => PerfEngine.Invalidate(v, v.Unit == "x" ? reasons.Concat(timingReasons) : reasons)).ToList();
        if (reference is not null && unavailable is null && Diagnosis.DiagnosisPolicy.Wanted(options, verdicts) is { } diagnosed)
        {
            var text = await DiagnoseAsync(comparer, plan, judge, builds, reference, measured, random, cancellationToken).ConfigureAwait(false);
            verdicts = verdicts.Select(v => diagnosed.Contains(v) ? v with { Diagnosis = text } : v).ToList();
        }
        var pass = measured.Latency;
        // Recorded and shown, not yet applied to the verdict: on the 2-core runners up to half the pairs of a clear injected
        // slowdown (1.7x [1.62, 1.86]) had a worker whose warm-up ran out, so applying it would turn real regressions into
        // Inconclusive until workers settle more often (docs/baselines.md).
        var unsettled = SettledCheck.Reason(pass?.Pairs);
        var warmup = new WarmupResult(measured.OpsPerSample, 0, TimeSpan.Zero, measured.WarmupSettled, pass?.SubjectNanosecondsPerOp ?? measured.Calibration.First.SubjectNanosecondsPerOp, null);
        return new PerfResult
        {
            Name = plan.Name,
            Verdicts = verdicts,
            Subject = PerfEngine.Summary(plan.Subject, warmup, warmup.NanosecondsPerOp, null, measured.Current, calibration) with { Unsettled = unsettled },
            Partner = pass is null ? null : PerfEngine.Summary(
                Operation.Async($"{plan.Subject.Name} @ reference build {reference!.ShortCommit}", ct => plan.Subject.RunAsync(1, ct)),
                warmup with { NanosecondsPerOp = pass.PartnerNanosecondsPerOp }, pass.PartnerNanosecondsPerOp, null, measured.Baseline, calibration),
            Calibration = calibration,
            Environment = EnvironmentInfo.Current,
            Seed = seed,
            Duration = options.Clock.GetElapsedTime(started),
            Strict = options.Strict,
            BaselineFile = judge.Budget.FileName,
            BaselineId = judge.Budget.Id,
            BuildPairs = pass?.Pairs,
        };
    }

    /// <summary>The diagnosis's lines, or one line saying why there is none; the verdict stays as it was either way.</summary>
    private static async Task<string> DiagnoseAsync(
        BuildComparer comparer, PerfPlan plan, BaselineJudge judge, IBaselineBuilds builds, BaselineReference reference, BuildMeasurement measured, Random random, CancellationToken cancellationToken)
    {
        if (!comparer.PairsCanBeProfiled)
        {
            return $"No diagnosis: the worker pairs of {builds.Description} cannot be recorded (PerfAssert.Hosting's ServiceBuilds records its workers through their diagnostics port).";
        }

        var folder = Diagnosis.DiagnosisPolicy.Folder(Reporting.ResultFiles.DirectoryFor(judge.Store), plan.Name);

        var latency = measured.Latency is { } pass ? pass.SubjectNanosecondsPerOp - pass.PartnerNanosecondsPerOp : 0;
        var bytes = measured.Current.BytesPerOp - measured.Baseline.BytesPerOp;
        var wanted = Diagnosis.BuildDiagnosis.CallsWanted(latency, bytes);
        return await Diagnosis.DiagnosisPolicy.DescribeAsync(
            () => comparer.DiagnoseAsync((first, ct) => builds.StartPairAsync(reference, first, ct), folder, wanted, random, cancellationToken),
            latency, bytes, cancellationToken).ConfigureAwait(false);
    }
}
