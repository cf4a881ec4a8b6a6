using System.Collections;
using System.Diagnostics;
using System.Text;

namespace PerfAssert.Hosting.Builds;

/// <summary>
/// Runs git and the .NET SDK to completion within a time limit, output captured in order. On time-out or cancellation the
/// whole process tree is killed. Children get this process's environment without the variables of the build or test run
/// that started it (MSBuild's own paths, the test platform's and PerfAssert's settings), and build without reusable nodes
/// or a compiler server, so nothing outlives the command, unless the environment sets <c>UseSharedCompilation</c> itself:
/// <c>UseSharedCompilation=true</c> lets every build share one warm compiler server (2 to 3 s less per build of a small
/// service here), which whoever set it shuts down afterwards (<c>dotnet build-server shutdown</c>, as tools/test.sh does).
/// On Linux a command also ends when this process does, however it ends: it is started under <see cref="Lifeline"/>.
/// </summary>
internal static class CommandRunner
{
    private static readonly string[] DroppedPrefixes = ["MSBUILD", "VSTEST", "TESTINGPLATFORM", "PERFASSERT_"];

    /// <summary>The dotnet executable that runs this process's SDK (<c>DOTNET_HOST_PATH</c>), else the one on the PATH.</summary>
    public static string Dotnet { get; } = LocateDotnet();

    public static Dictionary<string, string> CleanEnvironment()
    {
        var environment = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (DictionaryEntry entry in Environment.GetEnvironmentVariables())
        {
            var name = (string)entry.Key;
            if (!DroppedPrefixes.Any(p => name.StartsWith(p, StringComparison.OrdinalIgnoreCase)) && entry.Value is string value)
            {
                environment[name] = value;
            }
        }

        environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        environment["DOTNET_NOLOGO"] = "1";
        environment["DOTNET_CLI_USE_MSBUILD_SERVER"] = "0";
        environment["MSBUILDDISABLENODEREUSE"] = "1";
        environment.TryAdd("UseSharedCompilation", "false");
        return environment;
    }

    /// <summary>Runs a command to completion within <paramref name="timeout"/>, its output and error captured in order.</summary>
    /// <param name="fileName">The program.</param>
    /// <param name="arguments">Its arguments.</param>
    /// <param name="workingDirectory">Where it runs.</param>
    /// <param name="timeout">How long it may take before its process tree is killed.</param>
    /// <param name="cancellationToken">Kills it, and throws, when cancelled.</param>
    /// <param name="environment">Variables set for it on top of <see cref="CleanEnvironment"/> (PerfAssert's own settings included, which that drops).</param>
    public static async Task<CommandResult> RunAsync(string fileName, IReadOnlyList<string> arguments, string workingDirectory, TimeSpan timeout, CancellationToken cancellationToken, IReadOnlyDictionary<string, string>? environment = null)
    {
        var commandLine = string.Join(' ', arguments.Prepend(Path.GetFileName(fileName)));
        if (Lifeline.StartInfo(fileName, arguments, workingDirectory) is not { } start)
        {
            return new CommandResult(commandLine, -1, false, $"could not start {fileName}: no such file, and none on the PATH");
        }

        start.Environment.Clear();
        foreach (var (name, value) in CleanEnvironment())
        {
            start.Environment[name] = value;
        }

        foreach (var (name, value) in environment ?? new Dictionary<string, string>())
        {
            start.Environment[name] = value;
        }

        var output = new StringBuilder();
        void Append(object sender, DataReceivedEventArgs e)
        {
            if (e.Data is not null)
            {
                lock (output)
                {
                    output.AppendLine(e.Data);
                }
            }
        }

        using var process = new Process { StartInfo = start };
        process.OutputDataReceived += Append;
        process.ErrorDataReceived += Append;
        try
        {
            process.Start();
        }
        catch (System.ComponentModel.Win32Exception ex)
        {
            return new CommandResult(commandLine, -1, false, $"could not start {fileName}: {ex.Message}");
        }

        // Standard input stays open while the command runs: under Lifeline, its end is what stops the command.
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        deadline.CancelAfter(timeout);
        var timedOut = false;
        try
        {
            await process.WaitForExitAsync(deadline.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            timedOut = !process.HasExited;
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync(CancellationToken.None).WaitAsync(TimeSpan.FromSeconds(10), CancellationToken.None).ConfigureAwait(false);
            cancellationToken.ThrowIfCancellationRequested();
        }

        lock (output)
        {
            return new CommandResult(commandLine, process.HasExited ? process.ExitCode : -1, timedOut, output.ToString());
        }
    }

    private static string LocateDotnet()
    {
        if (Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host && File.Exists(host))
        {
            return host;
        }

        var name = OperatingSystem.IsWindows() ? "dotnet.exe" : "dotnet";
        if (Environment.ProcessPath is { } self && Path.GetFileName(self) == name)
        {
            return self;
        }

        return Lifeline.Locate(name) ?? name;
    }
}
