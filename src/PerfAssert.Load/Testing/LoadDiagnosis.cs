using PerfAssert.Baselines;
using PerfAssert.Diagnosis;

namespace PerfAssert.Load.Testing;

/// <summary>
/// Where a load test's two builds differ per request, after a verdict against the reference build: <see cref="BuildDiagnosis.Pairs"/>
/// fresh pairs of service workers, started as the verdict's are (which build first alternates), each pair loaded by a load
/// worker of its own, warmed up with the verdict's warm-up rounds, then each of its workers recorded with EventPipe while
/// it alone is loaded for <see cref="LoadOptions.DiagnosisTime"/>. The recordings are read as CPU time of running threads and
/// sampled allocations, each per request the worker answered, and as threads waiting, by where they wait (per tick, waits
/// named with their callers: <see cref="ThreadTime"/>), and the builds compared pair by pair as the latency diagnosis
/// compares them. None of the recordings' load counts towards the verdict.
/// </summary>
internal static class LoadDiagnosis
{
    /// <summary>
    /// Profiles <paramref name="builds"/> under <paramref name="subject"/>'s load and describes where they differ, into
    /// <paramref name="folder"/>; one line saying why when it could not (the verdict stays as it was either way).
    /// <paramref name="blocks"/> are the verdict's, for the coverage line: the service time per request the two builds'
    /// throughputs differ by.
    /// </summary>
    public static async Task<string> DescribeAsync(
        IBaselineBuilds builds, BaselineReference reference, LoadPlan subject, string partner, LoadOptions options, IReadOnlyList<LoadBlock> blocks, string folder,
        Func<LoadPlan, IReadOnlyList<Uri>, LoadPlan> aim, CancellationToken cancellationToken)
    {
        try
        {
            var diagnosis = await DiagnoseAsync(builds, reference, subject, partner, options, folder, aim, cancellationToken).ConfigureAwait(false);
            return diagnosis.Describe(ServiceTimeDifference(blocks, subject.Name, partner), double.NaN);
        }
        catch (Exception ex) when (ex is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            return DiagnosisPolicy.Unavailable(ex);
        }
    }

    private static async Task<BuildDiagnosis> DiagnoseAsync(
        IBaselineBuilds builds, BaselineReference reference, LoadPlan subject, string partner, LoadOptions options, string folder,
        Func<LoadPlan, IReadOnlyList<Uri>, LoadPlan> aim, CancellationToken cancellationToken)
    {
        Directory.CreateDirectory(folder);
        var recorded = new List<(int Pair, BuildSide Side, long Requests, string File, IProfiledBuildPair Profiled)>();
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
                for (var round = 0; round < options.WarmupRounds; round++)
                {
                    foreach (var side in LoadTestBuilder.TurnOrder(round, plans.Length))
                    {
                        await session.RunAsync(side, options.BlockDuration, cancellationToken).ConfigureAwait(false);
                    }
                }

                foreach (var side in first == BuildSide.Current ? new[] { BuildSide.Current, BuildSide.Baseline } : [BuildSide.Baseline, BuildSide.Current])
                {
                    var file = Path.Combine(folder, DiagnosisSides.BuildsUnderLoad.Trace(side, pair + 1));
                    LoadResult? load = null;
                    await profiled.RecordAsync(side, file, async ct => load = await session.RunAsync(side == BuildSide.Current ? 0 : 1, options.DiagnosisTime, ct).ConfigureAwait(false), cancellationToken).ConfigureAwait(false);
                    recorded.Add((pair, side, load is null ? 0 : load.Requests - load.Errors, file, profiled));
                }
            }
        }

        // Every recording made, each with nothing else loaded: now they are read side by side.
        var read = await Task.WhenAll(recorded.Select(r => r.Profiled.ReadAsync(r.Side, r.File, cancellationToken))).ConfigureAwait(false);
        return await BuildDiagnosis.CompareAsync(
            [.. recorded.Zip(read, (r, x) => (r.Pair, r.Side, r.Requests, x))],
            BuildDiagnosis.Pairs, subject.Name, DiagnosisSides.BuildsUnderLoad, options.DiagnosisTime, folder, cancellationToken, threadTime: true).ConfigureAwait(false);
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
