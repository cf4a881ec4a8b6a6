using System.Diagnostics;
using System.Globalization;

namespace PerfAssert.BaselineBuildQuality;

/// <summary>
/// A git repository in a temporary folder with a small service: <c>GET /work</c> hashes a number of rounds, 20,000 at the
/// reference and more in the slower commits: CPU work, which slows down with the machine as real code does (a busy wait
/// for a fixed time would be a smaller share of the call whenever the machine is slower). Nothing is inherited from this
/// repository's build files.
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

    public const int ReferenceRounds = 20_000;

    /// <summary>Commits the service with <paramref name="extraRounds"/> more hash rounds per request and returns the commit.</summary>
    public string CommitService(int extraRounds, string comment)
    {
        Write("src/Work/Program.cs", string.Create(CultureInfo.InvariantCulture, $$"""
            // {{comment}}
            var app = WebApplication.CreateBuilder(args).Build();
            app.MapGet("/work", () =>
            {
                ulong hash = 14695981039346656037;
                for (var i = 0; i < {{ReferenceRounds + extraRounds}}; i++)
                {
                    hash = (hash ^ (ulong)i) * 1099511628211;
                }

                return hash.ToString(System.Globalization.CultureInfo.InvariantCulture);
            });
            app.Run();
            """));
        Git("add", "-A");
        Git("-c", "user.name=quality", "-c", "user.email=quality@perfassert.invalid", "commit", "-q", "-m", comment);
        return Git("rev-parse", "HEAD").Trim();
    }

    /// <summary>
    /// Nanoseconds one hash round of the service's loop takes on this machine: the median of several timings of the same
    /// loop in this process (a chain of dependent multiplications, so the JIT cannot shorten it).
    /// </summary>
    public static double RoundNanoseconds()
    {
        const int Rounds = 2_000_000;
        var timings = new List<double>();
        for (var i = 0; i < 7; i++)
        {
            var started = Stopwatch.GetTimestamp();
            GC.KeepAlive(Hash(Rounds));
            timings.Add(Stopwatch.GetElapsedTime(started).TotalNanoseconds / Rounds);
        }

        timings.Sort();
        return timings[timings.Count / 2];
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static ulong Hash(int rounds)
    {
        ulong hash = 14695981039346656037;
        for (var i = 0; i < rounds; i++)
        {
            hash = (hash ^ (ulong)i) * 1099511628211;
        }

        return hash;
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
