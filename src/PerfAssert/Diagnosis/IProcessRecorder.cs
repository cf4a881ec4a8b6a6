namespace PerfAssert.Diagnosis;

/// <summary>
/// Records a process with EventPipe while a callback runs, and reads a recording back: what a comparison in one process is
/// diagnosed with (the test's own process), and a load test's comparison of two plans (the process serving each plan). The recorder is PerfAssert.Hosting's (it carries the diagnostics client and TraceEvent,
/// which the core package does not), found by <see cref="ProcessRecorder.Find"/> when the test project has that package.
/// </summary>
internal interface IProcessRecorder
{
    /// <summary>Records the process <paramref name="processId"/> (this one, or another .NET process of this user) into <paramref name="file"/> while <paramref name="during"/> runs.</summary>
    Task RecordAsync(int processId, string file, Func<CancellationToken, Task> during, CancellationToken cancellationToken);

    /// <summary>Reads what <see cref="RecordAsync"/> recorded into <paramref name="file"/>.</summary>
    Task<ProfileRecording> ReadAsync(string file, CancellationToken cancellationToken);
}

/// <summary>Finds the recorder of this process, PerfAssert.Hosting's, when the test project has that package.</summary>
internal static class ProcessRecorder
{
    /// <summary>The recorder's type, by name: the core package does not reference PerfAssert.Hosting.</summary>
    internal const string TypeName = "PerfAssert.Hosting.Diagnosis.ThisProcessRecorder, PerfAssert.Hosting";

    /// <summary>The recorder, or <see langword="null"/> when PerfAssert.Hosting is not among the test's assemblies.</summary>
    public static IProcessRecorder? Find()
    {
        var type = Type.GetType(TypeName, throwOnError: false);
        return type is null ? null : (IProcessRecorder?)Activator.CreateInstance(type, nonPublic: true);
    }
}
