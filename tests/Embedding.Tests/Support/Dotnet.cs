using System.Collections;

namespace PerfAssert.Embedding.Tests.Support;

/// <summary>
/// Runs the .NET SDK the way a developer's shell would. The test host's process carries variables that belong to the
/// build that started it (MSBuild's own paths, node-reuse settings, the test platform's and PerfAssert's settings); a
/// child build that inherits them can load the wrong MSBuild or pick up this run's baselines, so they are dropped.
/// </summary>
internal static class Dotnet
{
    private static readonly string[] DroppedPrefixes = ["MSBUILD", "VSTEST", "TESTINGPLATFORM", "PERFASSERT_"];

    /// <summary>The dotnet executable that runs this test (<c>DOTNET_HOST_PATH</c>), else the one on the PATH.</summary>
    public static string Executable { get; } = Locate();

    /// <summary>This process's environment without the inherited build and test settings, plus quiet SDK settings without reusable nodes (and without a compiler server unless UseSharedCompilation is set).</summary>
    public static Dictionary<string, string?> CleanEnvironment()
    {
        var environment = new Dictionary<string, string?>(StringComparer.Ordinal);
        foreach (DictionaryEntry entry in System.Environment.GetEnvironmentVariables())
        {
            var name = (string)entry.Key;
            if (!DroppedPrefixes.Any(p => name.StartsWith(p, StringComparison.OrdinalIgnoreCase)))
            {
                environment[name] = (string?)entry.Value;
            }
        }

        environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        environment["DOTNET_NOLOGO"] = "1";
        environment["DOTNET_SKIP_FIRST_TIME_EXPERIENCE"] = "1";
        environment["DOTNET_CLI_USE_MSBUILD_SERVER"] = "0";
        environment["MSBUILDDISABLENODEREUSE"] = "1";
        // No compiler server left behind, unless this run asked for one (tools/test.sh shares one and shuts it down after).
        environment.TryAdd("UseSharedCompilation", "false");
        // Installed tools start through an app host, which finds the runtime here when it is not in a default location.
        environment.TryAdd("DOTNET_ROOT", Path.GetDirectoryName(new FileInfo(Executable).ResolveLinkTarget(returnFinalTarget: true)?.FullName ?? Executable));
        return environment;
    }

    public static Task<ChildProcessResult> RunAsync(string workingDirectory, IReadOnlyDictionary<string, string?> environment, TimeSpan timeout, params string[] arguments) =>
        ChildProcess.RunAsync(Executable, arguments, workingDirectory, environment, timeout, TestContext.Current.CancellationToken);

    private static string Locate()
    {
        if (System.Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host && File.Exists(host))
        {
            return host;
        }

        var name = OperatingSystem.IsWindows() ? "dotnet.exe" : "dotnet";
        var path = System.Environment.GetEnvironmentVariable("PATH") ?? string.Empty;
        return path.Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Select(directory => Path.Combine(directory, name))
            .FirstOrDefault(File.Exists)
            ?? throw new InvalidOperationException($"No '{name}' on the PATH and no DOTNET_HOST_PATH: install the .NET SDK that global.json names.");
    }
}
