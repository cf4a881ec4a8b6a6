using PerfAssert.Diagnosis;

namespace PerfAssert.Hosting.Diagnosis;

/// <summary>
/// Records the test's own process through its diagnostics port (the same session as a worker's: CPU samples, sampled
/// allocations, the rundown), for the diagnosis of a comparison in one process, and the process serving a load plan (this
/// one, or another of this user's) for a load test's comparison of two plans. The core package finds it by name
/// (<see cref="ProcessRecorder"/>), so it needs no reference to this package.
/// </summary>
internal sealed class ThisProcessRecorder : IProcessRecorder
{
    private static readonly TimeSpan RecordingTimeout = TimeSpan.FromSeconds(60);

    /// <summary>
    /// Records process <paramref name="processId"/> while <paramref name="during"/> runs; when that is this process, the calls
    /// <paramref name="during"/> makes are marked in it (<see cref="CallsMarks"/>), so that the recording keeps only theirs.
    /// Another process has no one to mark them: its recording keeps everything.
    /// </summary>
    public Task RecordAsync(int processId, string file, Func<CancellationToken, Task> during, CancellationToken cancellationToken) =>
        EventPipeRecorder.RecordAsync(processId, file, processId == Environment.ProcessId ? ct => MarkedAsync(during, ct) : during, RecordingTimeout, cancellationToken);

    public Task<ProfileRecording> ReadAsync(string file, CancellationToken cancellationToken) =>
        EventPipeRecorder.ReadAsync(file, RecordingTimeout, cancellationToken);

    /// <summary>Runs <paramref name="during"/> with its calls marked: this method's execution context is theirs.</summary>
    private static async Task MarkedAsync(Func<CancellationToken, Task> during, CancellationToken cancellationToken)
    {
        using var marks = CallsMarks.Begin(markThreads: true);
        await during(cancellationToken).ConfigureAwait(false);
    }
}
