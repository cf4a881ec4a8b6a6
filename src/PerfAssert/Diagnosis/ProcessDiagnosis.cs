using PerfAssert.Baselines;

namespace PerfAssert.Diagnosis;

/// <summary>
/// The diagnosis of a comparison in one process (<c>ComparedTo</c>): after the verdict, the subject and its partner are run
/// again in this process, each recorded with EventPipe for <see cref="PerfOptions.DiagnosisTime"/>, in
/// <see cref="Rounds"/> rounds that alternate which goes first, and compared per call as a diagnosis between builds compares
/// its pairs (a difference is marked only when every round shows it). The recordings' timings never count towards the
/// verdict. The recorder is PerfAssert.Hosting's; without that package there is one line saying so.
/// </summary>
internal static class ProcessDiagnosis
{
    /// <summary>How many rounds: as many as a diagnosis between builds has pairs, for the same noise rule.</summary>
    public const int Rounds = BuildDiagnosis.Pairs;

    /// <summary>
    /// The diagnosis's lines for a comparison of <paramref name="plan"/>'s subject with its partner, or one line saying why
    /// there is none; <paramref name="latencyDifferenceNs"/> and <paramref name="allocationDifferenceBytes"/> are the verdict's
    /// differences per call, which the tables' coverage lines are measured against.
    /// </summary>
    public static async Task<string> DescribeAsync(PerfPlan plan, double latencyDifferenceNs, double allocationDifferenceBytes, Random random, CancellationToken cancellationToken)
    {
        var recorder = ProcessRecorder.Find();
        if (recorder is null)
        {
            return "No diagnosis: recording this process needs PerfAssert.Hosting (its EventPipe recorder); add that package to the test project.";
        }

        var folder = DiagnosisPolicy.Folder(plan.Name);
        return await DiagnosisPolicy.DescribeAsync(
            () => DiagnoseAsync(recorder, plan.Subject, plan.Partner!, plan.Options, folder, BuildDiagnosis.CallsWanted(latencyDifferenceNs, allocationDifferenceBytes), random, cancellationToken),
            latencyDifferenceNs, allocationDifferenceBytes, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Records <paramref name="subject"/> and <paramref name="partner"/> in turn, <see cref="Rounds"/> times each, reads the
    /// recordings, compares the two per call and writes the files into <paramref name="folder"/>.
    /// </summary>
    internal static async Task<BuildDiagnosis> DiagnoseAsync(
        IProcessRecorder recorder, Measurement.Operation subject, Measurement.Operation partner, PerfOptions options, string folder, long callsWanted, Random random, CancellationToken cancellationToken)
    {
        var sides = DiagnosisSides.InThisProcess(subject.Name, partner.Name);
        Directory.CreateDirectory(folder);
        var subjectFirst = random.Next(2) == 0;
        var recordings = new List<CallRecording>();
        for (var round = 0; round < Rounds; round++)
        {
            // Which side goes first alternates, so that whatever drifts over the rounds touches both alike.
            var order = (round % 2 == 0) == subjectFirst ? new[] { BuildSide.Current, BuildSide.Baseline } : [BuildSide.Baseline, BuildSide.Current];
            foreach (var side in order)
            {
                var recording = new CallRecording(round, side, Path.Combine(folder, sides.Trace(side, round + 1)));
                var operation = side == BuildSide.Current ? subject : partner;
                // The profiler samples real time, whatever clock the verdict was timed with.
                await recorder.RecordAsync(Environment.ProcessId, recording.File, ct => recording.RunAsync(operation, TimeProvider.System, callsWanted, options.DiagnosisTime, ct), cancellationToken).ConfigureAwait(false);
                recordings.Add(recording);
            }
        }

        var read = await Task.WhenAll(recordings.Select(r => recorder.ReadAsync(r.File, cancellationToken))).ConfigureAwait(false);
        return await BuildDiagnosis.CompareAsync(
            [.. recordings.Zip(read, (r, x) => (r.Observation, r.Side, r.Calls, x))],
            Rounds, subject.Name, sides, CallRecording.MeanElapsed(recordings), folder, cancellationToken).ConfigureAwait(false);
    }
}
