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

    public Task RecordAsync(int processId, string file, Func<CancellationToken, Task> during, CancellationToken cancellationToken) =>
        EventPipeRecorder.RecordAsync(processId, file, during, RecordingTimeout, cancellationToken);

    public Task<ProfileRecording> ReadAsync(string file, CancellationToken cancellationToken) =>
        EventPipeRecorder.ReadAsync(file, RecordingTimeout, cancellationToken);
}
