using System.Text.RegularExpressions;

namespace PerfAssert.Embedding.Tests.Support;

/// <summary>
/// An empty folder a new team starts docs/quickstart.md in, with the fixture's packed packages standing for the ones the page
/// packs: the page's marked blocks by name, and a shell that runs them as its reader would. Disposing deletes the folder.
/// </summary>
internal sealed partial class QuickstartScratch(PackedSample sample) : IDisposable
{
    public static readonly TimeSpan StepTimeout = TimeSpan.FromMinutes(6);

    private readonly DirectoryInfo _scratch = Directory.CreateTempSubdirectory("perfassert-quickstart-");

    public string Root => _scratch.FullName;

    /// <summary>Where the page puts the test project.</summary>
    public string Project => Path.Combine(Root, "tests", "MyService.PerfTests");

    /// <summary>The code blocks of a page of this repository that follow a <c>&lt;!-- doc-test: name --&gt;</c> marker, by name.</summary>
    public static async Task<Dictionary<string, string>> BlocksAsync(params string[] page)
    {
        var text = await File.ReadAllTextAsync(Path.Combine([SourceTree.Root, .. page]), TestContext.Current.CancellationToken);
        return MarkedBlock().Matches(text.ReplaceLineEndings("\n")).ToDictionary(m => m.Groups["name"].Value, m => m.Groups["body"].Value, StringComparer.Ordinal);
    }

    /// <summary>
    /// The service a new team's repository has, which its tests name: a minimal API (<c>dotnet new web</c> in
    /// <c>src/MyService</c>) whose <c>Program</c> is made public. The template's own restore is skipped (<c>--no-restore</c>):
    /// the steps that add packages or build restore it.
    /// </summary>
    public async Task CreateServiceAsync()
    {
        Ensure(await Dotnet.RunAsync(Root, PackedSample.Environment(ci: false), StepTimeout, "new", "web", "-o", "src/MyService", "--no-restore"));
        await File.AppendAllTextAsync(Path.Combine(Root, "src", "MyService", "Program.cs"), "\npublic partial class Program;\n", TestContext.Current.CancellationToken);
    }

    /// <summary>Runs a page's shell block with bash as a developer would, with the page's variables set.</summary>
    public Task<ChildProcessResult> BashAsync(string directory, string script)
    {
        var environment = PackedSample.Environment(ci: false);
        environment["PATH"] = Path.GetDirectoryName(Dotnet.Executable) + Path.PathSeparator + environment.GetValueOrDefault("PATH");
        environment["perfassert"] = sample.Repository;
        environment["version"] = sample.Version;
        return ChildProcess.RunAsync("bash", ["-euo", "pipefail", "-c", script], directory, environment, StepTimeout, TestContext.Current.CancellationToken);
    }

    public static void Ensure(ChildProcessResult result) => Assert.True(result.ExitCode == 0 && !result.TimedOut, result.Describe());

    public void Dispose()
    {
        _scratch.Refresh();
        if (_scratch.Exists)
        {
            _scratch.Delete(recursive: true);
        }
    }

    [GeneratedRegex(@"<!-- doc-test: (?<name>[a-z0-9-]+) -->\n```[a-z]*\n(?<body>.*?)```", RegexOptions.Singleline)]
    private static partial Regex MarkedBlock();
}
