namespace PerfAssert.Load;

/// <summary>The <c>dotnet</c> host that starts the worker: the SDK's (<c>DOTNET_HOST_PATH</c>), this process's, or the one on the PATH.</summary>
internal static class Dotnet
{
    public static string Path { get; } = Locate();

    private static string Locate()
    {
        if (Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host && File.Exists(host))
        {
            return host;
        }

        var name = OperatingSystem.IsWindows() ? "dotnet.exe" : "dotnet";
        if (Environment.ProcessPath is { } self && System.IO.Path.GetFileName(self) == name)
        {
            return self;
        }

        var root = Environment.GetEnvironmentVariable("DOTNET_ROOT");
        return (root is null ? [] : new[] { root })
            .Concat((Environment.GetEnvironmentVariable("PATH") ?? string.Empty).Split(System.IO.Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries))
            .Select(folder => System.IO.Path.Combine(folder, name))
            .FirstOrDefault(File.Exists) ?? name;
    }
}
