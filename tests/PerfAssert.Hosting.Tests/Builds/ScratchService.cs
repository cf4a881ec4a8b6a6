using System.Diagnostics;
using System.Globalization;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// A git repository in a temporary folder holding a one-endpoint web service (<c>GET /work</c> hashes a number of rounds
/// of CPU work), so tests can commit versions of it and build them the way a team's repository would be built. It
/// inherits nothing from this repository's build files. Disposing deletes it.
/// </summary>
public sealed class ScratchService : IDisposable
{
    public const string Project = "src/Work/Work.csproj";

    private readonly DirectoryInfo _root = Directory.CreateTempSubdirectory("perfassert-scratch-");

    public string Root => _root.FullName;

    public string Baselines => Path.Combine(Root, "baselines");

    public static ScratchService Create(int rounds)
    {
        var scratch = new ScratchService();
        scratch.Git("init", "-q", "-b", "main");
        scratch.Write(".gitignore", "bin/\nobj/\nartifacts/\n");
        scratch.Write(Project, """
            <Project Sdk="Microsoft.NET.Sdk.Web">
              <PropertyGroup>
                <TargetFramework>net10.0</TargetFramework>
                <ImplicitUsings>enable</ImplicitUsings>
                <Nullable>enable</Nullable>
              </PropertyGroup>
            </Project>
            """);
        scratch.SetRounds(rounds);
        Directory.CreateDirectory(scratch.Baselines);
        return scratch;
    }

    /// <summary>A clone of <paramref name="origin"/> with only its newest commit, as CI checkouts make by default.</summary>
    public static ScratchService CloneShallow(ScratchService origin)
    {
        var clone = new ScratchService();
        Directory.Delete(clone.Root);
        origin.Git("clone", "-q", "--depth", "1", "file://" + origin.Root, clone.Root);
        Directory.CreateDirectory(clone.Baselines);
        return clone;
    }

    /// <summary>Writes the service with <paramref name="rounds"/> rounds of work per request, and an optional comment.</summary>
    public void SetRounds(int rounds, string comment = "The work a request does.") => Write("src/Work/Program.cs", string.Create(CultureInfo.InvariantCulture, $$"""
        var app = WebApplication.CreateBuilder(args).Build();
        app.MapGet("/work", () => Work.Run());
        app.Run();

        /// <summary>{{comment}}</summary>
        internal static class Work
        {
            public static string Run()
            {
                ulong hash = 14695981039346656037;
                for (var i = 0; i < {{rounds}}; i++)
                {
                    hash = (hash ^ (ulong)i) * 1099511628211;
                }

                return hash.ToString(System.Globalization.CultureInfo.InvariantCulture);
            }
        }
        """));

    /// <summary>Writes a service whose <c>GET /work</c> runs <paramref name="handler"/> (a lambda body), for services that misbehave.</summary>
    public void SetHandler(string handler) => Write("src/Work/Program.cs", $$"""
        var app = WebApplication.CreateBuilder(args).Build();
        var calls = 0;
        app.MapGet("/work", () => { {{handler}} });
        app.Run();
        """);

    /// <summary>Processes whose command line names a path under this repository or its builds (workers, build nodes).</summary>
    public IReadOnlyList<string> ProcessesUsingIt() => CommandLinesContaining(Root);

    /// <summary>The command lines of running processes that contain <paramref name="text"/> (Linux; none elsewhere). A
    /// process that has ended but is not yet reaped has an empty command line, so it is not listed.</summary>
    public static IReadOnlyList<string> CommandLinesContaining(string text) => OperatingSystem.IsLinux()
        ? Directory.GetDirectories("/proc").Select(d => Path.Combine(d, "cmdline")).Select(Read).Where(c => c.Contains(text, StringComparison.Ordinal)).ToList()
        : [];

    public string Commit(string message)
    {
        Git("add", "-A");
        Git("-c", "user.name=PerfAssert tests", "-c", "user.email=tests@perfassert.invalid", "commit", "-q", "-m", message);
        return Git("rev-parse", "HEAD").Trim();
    }

    public void Write(string path, string text)
    {
        var full = Path.Combine(Root, path);
        Directory.CreateDirectory(Path.GetDirectoryName(full)!);
        File.WriteAllText(full, text.ReplaceLineEndings("\n"));
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

    private static string Read(string path)
    {
        try
        {
            return File.ReadAllText(path).Replace('\0', ' ');
        }
        catch (IOException)
        {
            return string.Empty;
        }
        catch (UnauthorizedAccessException)
        {
            return string.Empty;
        }
    }

    public void Dispose()
    {
        // git worktrees of this repository live in the temporary folder too; the repository goes, and with it their records.
        _root.Refresh();
        if (_root.Exists)
        {
            _root.Delete(recursive: true);
        }
    }
}
