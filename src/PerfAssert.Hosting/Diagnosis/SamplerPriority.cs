using System.Globalization;
using PerfAssert.Hosting.Builds;

namespace PerfAssert.Hosting.Diagnosis;

/// <summary>
/// A pinned worker shares its one core with the sampling thread its EventPipe session starts. At normal priority the
/// scheduler lets a request thread finish its burst before the sampling thread runs, so a tick lands where the request
/// next waits: a short call's own CPU was under-counted (41% to 78% of a known 8 us). The session's threads (the runtime
/// names them <c>.NET EventPipe</c>: the sampling thread and the one streaming the events) are therefore run first-in
/// first-out at real-time priority 1 (<c>chrt</c>, util-linux's, as <c>taskset</c> is), so a tick stops a request thread
/// where it is. Only a process allowed to (root, or with CAP_SYS_NICE) can; otherwise the recording is made as before and
/// the diagnosis says so.
/// </summary>
internal static class SamplerPriority
{
    /// <summary>The name the runtime gives an EventPipe session's threads (a thread's name, as Linux keeps it).</summary>
    private const string SessionThread = ".NET EventPipe";

    /// <summary>The ids of the threads of process <paramref name="processId"/> now (none off Linux).</summary>
    public static HashSet<int> Threads(int processId)
    {
        var directory = $"/proc/{processId}/task";
        return OperatingSystem.IsLinux() && Directory.Exists(directory)
            ? [.. Directory.EnumerateDirectories(directory).Select(d => int.TryParse(Path.GetFileName(d), NumberStyles.None, CultureInfo.InvariantCulture, out var id) ? id : 0).Where(id => id > 0)]
            : [];
    }

    /// <summary>
    /// Raises the session threads that process <paramref name="processId"/> started since <paramref name="before"/> to
    /// real-time priority; returns whether every one of them (at least one) was.
    /// </summary>
    public static async Task<bool> RaiseAsync(int processId, HashSet<int> before, TimeSpan timeout, CancellationToken cancellationToken)
    {
        var raised = 0;
        foreach (var thread in Threads(processId).Where(t => !before.Contains(t) && Name(processId, t) == SessionThread))
        {
            var result = await CommandRunner.RunAsync("chrt", ["-f", "-p", "1", thread.ToString(CultureInfo.InvariantCulture)], Path.GetTempPath(), timeout, cancellationToken).ConfigureAwait(false);
            if (!result.Succeeded)
            {
                return false;
            }

            raised++;
        }

        return raised > 0;
    }

    private static string? Name(int processId, int thread)
    {
        try
        {
            return File.ReadAllText($"/proc/{processId}/task/{thread}/comm").Trim();
        }
        catch (IOException)
        {
            // The thread ended meanwhile.
            return null;
        }
    }
}
