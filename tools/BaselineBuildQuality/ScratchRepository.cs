using System.Diagnostics;
using System.Globalization;

namespace PerfAssert.BaselineBuildQuality;

/// <summary>
/// A git repository in a temporary folder with a small service: <c>GET /work</c> hashes a fixed number of rounds and, in
/// later commits, busy-waits a given number of microseconds more. Nothing is inherited from this repository's build files.
/// </summary>
internal sealed class ScratchRepository : IDisposable
{
    public const string Project = "src/Work/Work.csproj";
    private readonly DirectoryInfo _root = Directory.CreateTempSubdirectory("perfassert-quality-");

    public string Root => _root.FullName;

    public string Baselines => Path.Combine(Root, "baselines");

    public static ScratchRepository Create()
    {
        var repository = new ScratchRepository();
        repository.Git("init", "-q", "-b", "main");
        repository.Write(".gitignore", "bin/\nobj/\nartifacts/\nbaselines/\n");
        repository.Write(Project, "<Project Sdk=\"Microsoft.NET.Sdk.Web\">\n  <PropertyGroup>\n    <TargetFramework>net10.0</TargetFramework>\n    <ImplicitUsings>enable</ImplicitUsings>\n  </PropertyGroup>\n</Project>\n");
        Directory.CreateDirectory(repository.Baselines);
        return repository;
    }

    /// <summary>Commits the service with <paramref name="extraMicroseconds"/> of busy work per request and returns the commit.</summary>
    public string CommitService(double extraMicroseconds, string comment)
    {
        Write("src/Work/Program.cs", string.Create(CultureInfo.InvariantCulture, $$"""
            // {{comment}}
            var app = WebApplication.CreateBuilder(args).Build();
            app.MapGet("/work", () =>
            {
                ulong hash = 14695981039346656037;
                for (var i = 0; i < 20_000; i++)
                {
                    hash = (hash ^ (ulong)i) * 1099511628211;
                }

                var until = System.Diagnostics.Stopwatch.GetTimestamp() + (long)({{extraMicroseconds}} * System.Diagnostics.Stopwatch.Frequency / 1e6);
                while (System.Diagnostics.Stopwatch.GetTimestamp() < until)
                {
                }

                return hash.ToString(System.Globalization.CultureInfo.InvariantCulture);
            });
            app.Run();
            """));
        Git("add", "-A");
        Git("-c", "user.name=quality", "-c", "user.email=quality@perfassert.invalid", "commit", "-q", "-m", comment);
        return Git("rev-parse", "HEAD").Trim();
    }

    public void Checkout(string commit) => Git("checkout", "-q", commit);

    public void Dispose()
    {
        _root.Refresh();
        if (_root.Exists)
        {
            _root.Delete(recursive: true);
        }
    }

    private void Write(string path, string text)
    {
        var full = Path.Combine(Root, path);
        Directory.CreateDirectory(Path.GetDirectoryName(full)!);
        File.WriteAllText(full, text.ReplaceLineEndings("\n"));
    }

    private string Git(params string[] arguments)
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
}
