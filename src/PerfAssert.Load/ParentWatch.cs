using System.Globalization;

namespace PerfAssert.Load;

/// <summary>
/// Ends the worker when the process that started it is gone. <see cref="LoadWorkerProcess"/> kills its worker on every path
/// it lives through, but a starting process killed outright (SIGKILL, as a test run's hang time-out does) cannot: on Linux
/// the worker is then given to another parent, so its parent process id changes, which a thread of its own checks four
/// times a second (reading <c>/proc/self/stat</c> costs microseconds, nothing next to the load). The starting process names
/// itself in <see cref="Variable"/>, so a worker whose parent was gone before it got this far stops too. Elsewhere it
/// does nothing.
/// </summary>
internal static class ParentWatch
{
    /// <summary>The environment variable with the starting process's id; without it, the parent the worker has when it starts.</summary>
    public const string Variable = "PERFASSERT_LOAD_WORKER_PARENT";

    private static readonly TimeSpan Every = TimeSpan.FromMilliseconds(250);

    /// <summary>Starts watching the starting process.</summary>
    public static void Start()
    {
        if (!OperatingSystem.IsLinux() || ParentId() is not { } current)
        {
            return;
        }

        var parent = int.TryParse(Environment.GetEnvironmentVariable(Variable), NumberStyles.None, CultureInfo.InvariantCulture, out var named) ? named : current;

        var watch = new Thread(() =>
        {
            while (ParentId() == parent)
            {
                Thread.Sleep(Every);
            }

            Console.Error.WriteLine($"The process that started this load worker (process {parent}) is gone; the worker stops.");
            Environment.Exit(LoadWorkerProcess.OrphanedExitCode);
        })
        {
            IsBackground = true,
            Name = "PerfAssert load worker: parent watch",
        };
        watch.Start();
    }

    /// <summary>This process's parent, from <c>/proc/self/stat</c>; <see langword="null"/> where it cannot be read.</summary>
    internal static int? ParentId()
    {
        try
        {
            // "pid (name) state ppid ...": the name may hold spaces and parentheses, so the fields are read after the last ')'.
            var stat = File.ReadAllText("/proc/self/stat");
            var fields = stat[(stat.LastIndexOf(')') + 2)..].Split(' ');
            return int.Parse(fields[1], CultureInfo.InvariantCulture);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or FormatException or IndexOutOfRangeException or ArgumentOutOfRangeException)
        {
            return null;
        }
    }
}
