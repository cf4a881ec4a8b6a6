using System.Diagnostics;

namespace PerfAssert.Tests.Support;

/// <summary>A git repository in a temporary folder, with a tiny web service and a baselines folder; deleted on dispose.</summary>
internal sealed class GitScratch : IDisposable
{
    public const string Project = "src/Web/Web.csproj";
    private readonly TempDirectory _temp = new();

    public GitScratch()
    {
        Git("init", "-q", "-b", "main");
        Write(".gitignore", "bin/\nobj/\nartifacts/\n");
        Write(Project, "<Project Sdk=\"Microsoft.NET.Sdk.Web\">\n  <PropertyGroup>\n    <TargetFramework>net10.0</TargetFramework>\n    <ImplicitUsings>enable</ImplicitUsings>\n  </PropertyGroup>\n</Project>\n");
        Write("src/Web/Program.cs", "var app = WebApplication.CreateBuilder(args).Build();\napp.MapGet(\"/\", () => \"hello\");\napp.Run();\n");
        Directory.CreateDirectory(Baselines);
    }

    public string Root => _temp.Path;

    public string Baselines => System.IO.Path.Combine(Root, "baselines");

    public string Commit(string message)
    {
        Git("add", "-A");
        Git("-c", "user.name=tests", "-c", "user.email=tests@perfassert.invalid", "commit", "-q", "--allow-empty", "-m", message);
        return Git("rev-parse", "HEAD").Trim();
    }

    public void Write(string path, string text)
    {
        var full = System.IO.Path.Combine(Root, path);
        Directory.CreateDirectory(System.IO.Path.GetDirectoryName(full)!);
        File.WriteAllText(full, text);
    }

    public string Git(params string[] arguments)
    {
        var start = new ProcessStartInfo("git") { WorkingDirectory = Root, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(TimeSpan.FromSeconds(60)))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"git {string.Join(' ', arguments)} ran out of time");
        }

        return process.ExitCode == 0 ? output.Result : throw new InvalidOperationException($"git {string.Join(' ', arguments)} failed: {error.Result}");
    }

    public void Dispose() => _temp.Dispose();
}
