using System.Diagnostics;

namespace PerfAssert.Hosting.Builds;

/// <summary>
/// Starts a command so that it ends when the process that started it does, however that one ends (a test host killed
/// by a hang time-out gets no chance to clean up). On Linux with <c>/bin/sh</c> and util-linux's <c>setsid</c> the command
/// runs under <see cref="Script"/>, in a session and process group of its own, and the group is killed when the pipe to
/// its standard input closes, which happens when the last holder of the pipe's other end, the starting process, exits.
/// Elsewhere the command starts directly. Whoever starts it keeps standard input redirected and open until the command
/// has ended. Shared as source: the Embedding tests' own process runner links this file.
/// </summary>
internal static class Lifeline
{
    /// <summary>
    /// The shell script a command runs under (<c>sh -c Script sh setsid command arguments...</c>): the command starts in a
    /// session and process group of its own, with its standard input from /dev/null; a watcher reads the script's standard
    /// input, the pipe from the starting process, and when it reaches the end kills the command's group. The script ends
    /// with the command's exit code and stops the watcher.
    /// </summary>
    internal const string Script = """
        exec 3<&0
        "$@" </dev/null &
        command=$!
        (while read -r _ <&3; do :; done; kill -KILL -"$command" 2>/dev/null || kill -KILL "$command" 2>/dev/null) &
        watcher=$!
        wait "$command"
        status=$?
        kill "$watcher" 2>/dev/null
        exit "$status"
        """;

    /// <summary>setsid, when commands run under <see cref="Script"/>: on Linux with /bin/sh and util-linux's setsid.</summary>
    private static readonly string? Setsid = OperatingSystem.IsLinux() && File.Exists("/bin/sh") ? Locate("setsid") : null;

    /// <summary>
    /// How <paramref name="fileName"/> is started: under <see cref="Script"/> on Linux when <c>/bin/sh</c> and
    /// <c>setsid</c> (util-linux) are there, else directly, with standard input, output and error redirected.
    /// <see langword="null"/> when the file cannot be found, so the caller says which file, as starting it directly would.
    /// </summary>
    internal static ProcessStartInfo? StartInfo(string fileName, IReadOnlyList<string> arguments, string workingDirectory)
    {
        var start = new ProcessStartInfo
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        if (Setsid is { } setsid)
        {
            if (Locate(fileName) is not { } located)
            {
                return null;
            }

            start.FileName = "/bin/sh";
            foreach (var argument in (string[])["-c", Script, "sh", setsid, located])
            {
                start.ArgumentList.Add(argument);
            }
        }
        else
        {
            start.FileName = fileName;
        }

        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        return start;
    }

    /// <summary><paramref name="fileName"/> itself when it names a path that exists, else the first match on the PATH.</summary>
    internal static string? Locate(string fileName)
    {
        if (fileName.Contains(Path.DirectorySeparatorChar, StringComparison.Ordinal))
        {
            return File.Exists(fileName) ? fileName : null;
        }

        return (Environment.GetEnvironmentVariable("PATH") ?? string.Empty).Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Select(directory => Path.Combine(directory, fileName))
            .FirstOrDefault(File.Exists);
    }
}
