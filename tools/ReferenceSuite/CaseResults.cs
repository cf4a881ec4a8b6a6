using System.Globalization;
using PerfAssert.Environments;
using PerfAssert.Measurement;
using PerfAssert.ReferenceSuite.Ratios;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// Each case's result for the report: its times from the side-by-side phase (<see cref="ReportedTimes"/>: at the machine
/// class's usual speed when the suite knows it), its allocations from the per-case part.
/// </summary>
internal static class CaseResults
{
    /// <summary>The share of a case's timed batches during which the JIT may have compiled before its row says it timed unsettled code.</summary>
    private const double JitActiveLimit = 0.10;

    /// <summary>One result per case the phase timed, in the order given.</summary>
    public static List<PerfResult> From(ReportedTimes times, IEnumerable<string> names, IReadOnlyDictionary<string, CaseFigures> figures, CalibrationSummary calibration)
    {
        var results = new List<PerfResult>();
        foreach (var name in names)
        {
            if (times.Table.Group(name, name) is not { } group || times.Mean(name) is not { } mean)
            {
                continue;
            }

            var blocks = group.Blocks;
            var meanNs = mean.Estimate * 1000;
            // The first rounds may still catch the JIT promoting code it warmed up only briefly (the bulk todo calls' own code,
            // say): a case's row is unsettled when the JIT was busy during its batches in the second half of the phase.
            var jitActive = blocks.JitActiveShare(name, fromRound: times.Table.Settings.Rounds / 2);
            var scale = times.Scale(name);
            var measured = blocks.Calls(name)!;
            var calls = measured with { MeanNs = measured.MeanNs * scale, MedianNs = measured.MedianNs * scale, P95Ns = measured.P95Ns * scale, P99Ns = measured.P99Ns * scale, MaxNs = measured.MaxNs * scale };
            results.Add(new PerfResult
            {
                Name = name,
                Verdicts = [],
                Subject = new OperationSummary
                {
                    Name = name,
                    OpsPerSample = (long)Math.Round(calls.Calls / (2.0 * blocks.Count)),
                    MeanNs = meanNs,
                    WarmupSettled = jitActive <= JitActiveLimit,
                    Unsettled = jitActive <= JitActiveLimit ? null : string.Create(CultureInfo.InvariantCulture, $"the JIT compiled methods during {jitActive:0%} of its timed batches in the second half of the phase"),
                    Blocks = blocks.Count,
                    JitActiveBlocks = (int)Math.Round(jitActive * blocks.Count),
                    PerCall = calls,
                    Allocations = figures.TryGetValue(name, out var figure) ? figure.Allocations : null,
                    CalibrationRatio = meanNs / calibration.MeanNs,
                },
                Calibration = calibration,
                Environment = EnvironmentInfo.Current,
                Seed = 0,
                Duration = group.Elapsed / blocks.Cases.Count(),
                Strict = false,
            });
        }

        return results;
    }
}
