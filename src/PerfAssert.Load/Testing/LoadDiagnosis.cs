using PerfAssert.Baselines;
using PerfAssert.Diagnosis;

namespace PerfAssert.Load.Testing;

/// <summary>
/// Where a load test's two sides differ per request. After a verdict against the reference build: <see cref="BuildDiagnosis.Pairs"/>
/// fresh pairs of service workers, started as the verdict's are (which build first alternates), each pair loaded by a load
/// worker of its own, warmed up with the verdict's warm-up rounds, then each of its workers recorded with EventPipe while
/// it alone is loaded for <see cref="LoadOptions.DiagnosisTime"/>. After a comparison of two plans in the same run
/// (<c>ComparedTo</c>): a load worker of its own for the two plans, warmed up the same way, then as many rounds as a
/// diagnosis between builds has pairs, in each the process serving one plan (found by the port it listens on, usually the
/// test's own) recorded while that plan alone is loaded, then the other's, which goes first alternating. The recordings are
/// read as CPU time of running threads and sampled allocations, each per request answered, and as threads waiting, by where
/// they wait (per tick, waits named with their callers: <see cref="ThreadTime"/>), and the two sides compared pair by pair
/// (round by round) as the latency diagnosis compares them. None of the recordings' load counts towards the verdict.
/// </summary>
internal static class LoadDiagnosis
{
    /// <summary>
    /// Profiles <paramref name="builds"/> under <paramref name="subject"/>'s load and describes where they differ, into
    /// <paramref name="folder"/>; one line saying why when it could not (the verdict stays as it was either way).
    /// <paramref name="blocks"/> are the verdict's, for the coverage line: the service time per request the two builds'
    /// throughputs differ by.
    /// </summary>
    public static Task<string> DescribeAsync(
        IBaselineBuilds builds, BaselineReference reference, LoadPlan subject, string partner, LoadOptions options, IReadOnlyList<LoadBlock> blocks, string folder,
        Func<LoadPlan, IReadOnlyList<Uri>, LoadPlan> aim, CancellationToken cancellationToken) =>
        DiagnosisPolicy.DescribeAsync(
            () => DiagnoseAsync(builds, reference, subject, partner, options, folder, aim, cancellationToken),
            ServiceTimeDifference(blocks, subject.Name, partner), double.NaN, cancellationToken);

    /// <summary>
    /// Profiles the processes serving <paramref name="subject"/> and <paramref name="partner"/> under each plan's load in turn
    /// and describes where they differ, into <paramref name="folder"/>; one line saying why when it could not.
    /// </summary>
    public static Task<string> DescribeAsync(
        LoadPlan subject, LoadPlan partner, LoadOptions options, IReadOnlyList<LoadBlock> blocks, string folder, CancellationToken cancellationToken) =>
        DiagnosisPolicy.DescribeAsync(
            () => DiagnoseAsync(subject, partner, options, folder, cancellationToken),
            ServiceTimeDifference(blocks, subject.Name, partner.Name), double.NaN, cancellationToken);

    private static async Task<BuildDiagnosis> DiagnoseAsync(LoadPlan subject, LoadPlan partner, LoadOptions options, string folder, CancellationToken cancellationToken)
    {
        var recorder = ProcessRecorder.Find()
            ?? throw new NotSupportedException("recording the process serving a plan needs PerfAssert.Hosting (its EventPipe recorder); add that package to the test project");
        LoadPlan[] plans = [subject, partner];
        var serving = plans.Select(plan => ListeningProcess.Find(plan.Target.Port, out var why)
            ?? throw new NotSupportedException($"no process to record for '{plan.Name}' ({plan.Target}): {why}")).ToArray();
        Directory.CreateDirectory(folder);
        var sides = DiagnosisSides.PlansUnderLoad(subject.Name, partner.Name);
        var recorded = new List<(int Round, BuildSide Side, long Requests, string File)>();
        await using (var session = await LoadSession.StartAsync(plans, options.Worker, cancellationToken).ConfigureAwait(false))
        {
            await WarmUpAsync(session, plans.Length, options, cancellationToken).ConfigureAwait(false);
            for (var round = 0; round < BuildDiagnosis.Pairs; round++)
            {
                // Which plan goes first alternates, so that whatever drifts over the rounds touches both alike.
                foreach (var side in round % 2 == 0 ? new[] { BuildSide.Current, BuildSide.Baseline } : [BuildSide.Baseline, BuildSide.Current])
                {
                    var plan = side == BuildSide.Current ? 0 : 1;
                    var file = Path.Combine(folder, sides.Trace(side, round + 1));
                    LoadResult? load = null;
                    await recorder.RecordAsync(serving[plan], file, async ct => load = await session.RunAsync(plan, options.DiagnosisTime, ct).ConfigureAwait(false), cancellationToken).ConfigureAwait(false);
                    recorded.Add((round, side, load is null ? 0 : load.Requests - load.Errors, file));
                }
            }
        }

        var read = await Task.WhenAll(recorded.Select(r => recorder.ReadAsync(r.File, cancellationToken))).ConfigureAwait(false);
        return await BuildDiagnosis.CompareAsync(
            [.. recorded.Zip(read, (r, x) => (r.Round, r.Side, r.Requests, x))],
            BuildDiagnosis.Pairs, subject.Name, sides, options.DiagnosisTime, folder, cancellationToken, threadTime: true).ConfigureAwait(false);
    }

    /// <summary>The verdict's warm-up rounds again, on a session a diagnosis started: its recordings are of warm services.</summary>
    private static async Task WarmUpAsync(LoadSession session, int plans, LoadOptions options, CancellationToken cancellationToken)
    {
        for (var round = 0; round < options.WarmupRounds; round++)
        {
            foreach (var side in LoadTestBuilder.TurnOrder(round, plans))
            {
                await session.RunAsync(side, options.BlockDuration, cancellationToken).ConfigureAwait(false);
            }
        }
    }

    private static async Task<BuildDiagnosis> DiagnoseAsync(
        IBaselineBuilds builds, BaselineReference reference, LoadPlan subject, string partner, LoadOptions options, string folder,
        Func<LoadPlan, IReadOnlyList<Uri>, LoadPlan> aim, CancellationToken cancellationToken)
    {
        Directory.CreateDirectory(folder);
        var recorded = new List<(int Pair, BuildSide Side, long Requests, string File, IProfiledBuildPair Profiled)>();
        var prioritized = true;
        for (var pair = 0; pair < BuildDiagnosis.Pairs; pair++)
        {
            var first = pair % 2 == 0 ? BuildSide.Current : BuildSide.Baseline;
            var workers = await builds.StartPairAsync(reference, first, cancellationToken).ConfigureAwait(false);
            await using (workers.ConfigureAwait(false))
            {
                var profiled = workers as IProfiledBuildPair
                    ?? throw new NotSupportedException($"the builds' worker pairs ({workers.GetType().Name}) cannot be profiled");
                LoadPlan[] plans = [aim(subject, workers.Addresses(BuildSide.Current)), aim(subject with { Name = partner }, workers.Addresses(BuildSide.Baseline))];
                await using var session = await LoadSession.StartAsync(plans, options.Worker, cancellationToken).ConfigureAwait(false);
                await WarmUpAsync(session, plans.Length, options, cancellationToken).ConfigureAwait(false);

                foreach (var side in first == BuildSide.Current ? new[] { BuildSide.Current, BuildSide.Baseline } : [BuildSide.Baseline, BuildSide.Current])
                {
                    var file = Path.Combine(folder, DiagnosisSides.BuildsUnderLoad.Trace(side, pair + 1));
                    LoadResult? load = null;
                    prioritized &= await profiled.RecordAsync(side, file, async ct => load = await session.RunAsync(side == BuildSide.Current ? 0 : 1, options.DiagnosisTime, ct).ConfigureAwait(false), cancellationToken).ConfigureAwait(false);
                    recorded.Add((pair, side, load is null ? 0 : load.Requests - load.Errors, file, profiled));
                }
            }
        }

        // Every recording made, each with nothing else loaded: now they are read side by side.
        var read = await Task.WhenAll(recorded.Select(r => r.Profiled.ReadAsync(r.Side, r.File, cancellationToken))).ConfigureAwait(false);
        var diagnosis = await BuildDiagnosis.CompareAsync(
            [.. recorded.Zip(read, (r, x) => (r.Pair, r.Side, r.Requests, x))],
            BuildDiagnosis.Pairs, subject.Name, DiagnosisSides.BuildsUnderLoad, options.DiagnosisTime, folder, cancellationToken, threadTime: true).ConfigureAwait(false);
        return diagnosis with { SamplerStarved = !prioritized };
    }

    /// <summary>
    /// The service time per request the two builds' throughputs differ by, in nanoseconds (the working tree's 1 / requests per
    /// second less the reference build's, from the medians of the verdict's measured blocks): what a saturated service's CPU
    /// table should account for. NaN when either side has no measured block.
    /// </summary>
    internal static double ServiceTimeDifference(IReadOnlyList<LoadBlock> blocks, string subject, string partner)
    {
        double Median(string side)
        {
            var rates = blocks.Where(b => b.Side == side && b.Round >= 0 && b.RequestsPerSecond > 0).Select(b => b.RequestsPerSecond).Order().ToList();
            return rates.Count == 0 ? double.NaN : rates.Count % 2 == 1 ? rates[rates.Count / 2] : (rates[(rates.Count / 2) - 1] + rates[rates.Count / 2]) / 2;
        }

        return (1e9 / Median(subject)) - (1e9 / Median(partner));
    }
}
