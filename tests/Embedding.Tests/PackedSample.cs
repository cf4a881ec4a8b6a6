using System.Globalization;
using PerfAssert.Embedding.Tests;
using PerfAssert.Embedding.Tests.Support;

// One packed copy for every test class of the assembly, whichever collection it is in (packing it and building the sample take about 10 s).
[assembly: AssemblyFixture(typeof(PackedSample))]

namespace PerfAssert.Embedding.Tests;

/// <summary>
/// A copy of the repository in a temporary folder with its packages packed into <c>artifacts/packages</c> at a version no
/// earlier run used, and the consumer sample built against them through its own NuGet.config. A unique version matters:
/// NuGet's global packages folder keeps an id and version forever, so a reused one would test stale bits. The copy keeps
/// the build and the sample's runs out of the working tree; disposing deletes it and this version's cached packages.
/// </summary>
public sealed class PackedSample : IAsyncLifetime
{
    /// <summary>The projects the sample and the tool test need, packed in one build.</summary>
    internal static readonly string[] PackedProjects =
    [
        "src/PerfAssert/PerfAssert.csproj",
        "src/PerfAssert.Xunit/PerfAssert.Xunit.csproj",
        "src/PerfAssert.Hosting/PerfAssert.Hosting.csproj",
        "src/PerfAssert.Load/PerfAssert.Load.csproj",
        "src/PerfAssert.History/PerfAssert.History.csproj",
        "tools/PerfAssert.Tool/PerfAssert.Tool.csproj",
    ];

    /// <summary>
    /// Packed in the same build for the consumers on other test frameworks (XunitV2ConsumerTests), so that each variant
    /// adds a restore and a build of its own, never another pack. The quick start does not pack them.
    /// </summary>
    internal static readonly string[] VariantProjects = ["src/PerfAssert.Xunit.V2/PerfAssert.Xunit.V2.csproj"];

    /// <summary>
    /// The projects the tool references, in the pack too: packing the tool without building publishes it, and its references
    /// resolve to their Release builds only when they are part of the same pack.
    /// </summary>
    private static readonly string[] ToolReferences = ["src/PerfAssert.Reporting/PerfAssert.Reporting.csproj", "src/PerfAssert.BenchmarkDotNet/PerfAssert.BenchmarkDotNet.csproj"];

    private static readonly TimeSpan BuildTimeout = TimeSpan.FromMinutes(6);

    private readonly DirectoryInfo _root = Directory.CreateTempSubdirectory("perfassert-embedding-");
    private Task<string>? _tool;
    private Task<string>? _sampleReference;

    // Work this fixture starts outside any test (the tool, the builds made in the background) ends with it, not with the test
    // or initialization that happened to start it, whose context is gone by then.
    private readonly CancellationTokenSource _disposing = new();

    /// <summary>The sample's service, which its reference build builds and <see cref="ReferenceBuildWorkflowTests"/> changes.</summary>
    public const string Service = "samples/OrdersService/OrdersService.csproj";

    /// <summary>A prerelease of 0.1.0 no other run uses.</summary>
    public string Version { get; } = string.Create(CultureInfo.InvariantCulture, $"0.1.0-ci.{DateTime.UtcNow.Ticks}");

    /// <summary>The temporary folder everything lives in.</summary>
    public string Root => _root.FullName;

    /// <summary>The repository copy.</summary>
    public string Repository => Path.Combine(Root, "repo");

    /// <summary>The folder feed the sample's NuGet.config names (<c>../artifacts/packages</c> from <c>samples/</c>).</summary>
    public string Feed => Path.Combine(Repository, "artifacts", "packages");

    /// <summary>The sample's test project folder, in the copy.</summary>
    public string SampleTests => Path.Combine(Repository, "samples", "OrdersService.PerfTests");

    /// <summary>The sample's committed baselines, in the copy.</summary>
    public string SampleBaselines => Path.Combine(SampleTests, "baselines");

    /// <summary>How long packing and building took, for the test output (CI keeps an eye on its total time).</summary>
    public string Preparation { get; private set; } = string.Empty;

    // xUnit disposes the fixture even when this throws, so a failed pack or build leaves nothing behind either.
    public async ValueTask InitializeAsync()
    {
        SourceTree.CopyTo(Repository);
        var environment = Environment(ci: true);
        // The sample is judged against the build of the commit its baselines/reference.json names: the copy is made a git
        // repository holding this repository's history (its working tree stays the copied files, uncommitted changes included).
        await GitAsync(Repository, "init", "-q");
        await GitAsync(Repository, "fetch", "-q", "--no-tags", SourceTree.Root, "HEAD");
        // Its HEAD is this repository's, so that it is a clone with what the working tree changed uncommitted in it (nothing,
        // in CI): ReferenceBuildWorkflowTests commits on top of it as a team would.
        await GitAsync(Repository, "reset", "-q", "FETCH_HEAD");

        // Packed from the Release build this test run was built with (the solution's, or this project's references), the
        // same bits the other test projects tested: packing the copy would compile every project again, for half a minute.
        var solution = Path.Combine(Root, "embedding-packages.slnx");
        await File.WriteAllTextAsync(solution, $"<Solution>{string.Concat(PackedProjects.Concat(VariantProjects).Concat(ToolReferences).Select(p => $"<Project Path=\"{Path.Combine(SourceTree.Root, p)}\" />"))}</Solution>", TestContext.Current.CancellationToken);
        var pack = await Dotnet.RunAsync(Root, environment, BuildTimeout,
            "pack", solution, "-c", "Release", "--no-build", $"-p:Version={Version}", $"-p:PackageOutputPath={Feed}{Path.DirectorySeparatorChar}",
            $"-p:NuspecOutputPath={Path.Combine(Root, "nuspec")}{Path.DirectorySeparatorChar}", "-nodeReuse:false");
        Ensure(pack, "Packing the library failed");

        var build = await Dotnet.RunAsync(Repository, environment, BuildTimeout,
            "build", "samples/Samples.sln", "-c", "Release", $"-p:PerfAssertVersion={Version}", "-nodeReuse:false");
        Ensure(build, "Building the sample against the packed packages failed");
        Preparation = string.Create(CultureInfo.InvariantCulture, $"packed {Version} in {pack.Elapsed.TotalSeconds:0.0} s, built the sample in {build.Elapsed.TotalSeconds:0.0} s");

        // What the classes that measure need built before they measure, which times nothing: started here and not awaited, so
        // that it builds while the untimed classes run (xUnit runs the collection that disables parallelization after them),
        // and awaited by the class that needs it before its first measurement. The sample's reference build is made as CI
        // makes it (docs/ci.md), with the packed tool.
        _sampleReference = BuildSampleReferenceAsync();
    }

    /// <summary>The sample's reference commit built into its repository's cache (started when the fixture was ready); the packed tool's output.</summary>
    public Task<string> SampleReferenceBuildAsync() => _sampleReference ?? throw new InvalidOperationException("The fixture is not initialized.");

    /// <summary>
    /// Builds the sample's service at the reference commit its baselines name, with the packed tool's <c>baseline build</c>
    /// (CI's step before the tests); returns what it printed.
    /// </summary>
    private async Task<string> BuildSampleReferenceAsync()
    {
        var build = await ChildProcess.RunAsync(await ToolAsync(), ["baseline", "build", "--project", Service, "--baselines", SampleBaselines],
            Repository, Environment(ci: true), BuildTimeout, _disposing.Token);
        Ensure(build, $"perfassert baseline build --project {Service} failed");
        return build.Output;
    }

    /// <summary>
    /// The packed <c>perfassert</c> tool, installed from the feed into a tool path the first time a test asks, as a team
    /// installs it; returns the command's path.
    /// </summary>
    public Task<string> ToolAsync() => _tool ??= InstallToolAsync();

    /// <summary>The environment child processes get: CI as asked, nothing inherited from this test run's build.</summary>
    public static Dictionary<string, string?> Environment(bool ci)
    {
        var environment = Dotnet.CleanEnvironment();
        environment["CI"] = ci ? "true" : null;
        return environment;
    }

    public async ValueTask DisposeAsync()
    {
        try
        {
            // Builds started in the background end before their folders go: all tests are done, so whatever still runs is stopped.
            await _disposing.CancelAsync();
            await Task.WhenAll(new Task?[] { _sampleReference, _tool }.OfType<Task>()).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
            await ForgetCachedPackagesAsync();
        }
        finally
        {
            _disposing.Dispose();
            _root.Refresh();
            if (_root.Exists)
            {
                _root.Delete(recursive: true);
            }
        }
    }

    // This version never comes back: drop it from the global packages folder instead of leaving it there forever.
    private async Task ForgetCachedPackagesAsync()
    {
        var locals = await Dotnet.RunAsync(Root, Environment(ci: true), TimeSpan.FromMinutes(1), "nuget", "locals", "global-packages", "--list");
        var folder = locals.Output.Split('\n').Select(l => l.Trim()).FirstOrDefault(l => l.StartsWith("global-packages:", StringComparison.Ordinal))?["global-packages:".Length..].Trim();
        if (locals.ExitCode != 0 || string.IsNullOrEmpty(folder))
        {
            return;
        }

        foreach (var id in PackedProjects.Concat(VariantProjects).Select(Path.GetFileNameWithoutExtension))
        {
            var cached = new DirectoryInfo(Path.Combine(folder, id!.ToLowerInvariant(), Version.ToLowerInvariant()));
            if (cached.Exists)
            {
                cached.Delete(recursive: true);
            }
        }
    }

    /// <summary>Runs git in <paramref name="directory"/>, failing with its output.</summary>
    internal static Task<ChildProcessResult> GitAsync(string directory, params string[] arguments) =>
        GitAsync(directory, TestContext.Current.CancellationToken, arguments);

    /// <inheritdoc cref="GitAsync(string, string[])"/>
    internal static async Task<ChildProcessResult> GitAsync(string directory, CancellationToken cancellationToken, params string[] arguments)
    {
        var result = await ChildProcess.RunAsync("git", arguments, directory, Environment(ci: true), TimeSpan.FromMinutes(2), cancellationToken);
        Ensure(result, $"git {string.Join(' ', arguments)} failed");
        return result;
    }

    private async Task<string> InstallToolAsync()
    {
        var path = Path.Combine(Root, "tool");
        var install = await ChildProcess.RunAsync(Dotnet.Executable, ["tool", "install", "PerfAssert.Tool", "--version", Version, "--tool-path", path, "--add-source", Feed],
            Root, Environment(ci: true), BuildTimeout, _disposing.Token);
        Ensure(install, "Installing the packed perfassert tool failed");
        return Path.Combine(path, OperatingSystem.IsWindows() ? "perfassert.exe" : "perfassert");
    }

    private static void Ensure(ChildProcessResult result, string what)
    {
        if (result.ExitCode != 0 || result.TimedOut)
        {
            throw new InvalidOperationException($"{what}:{System.Environment.NewLine}{result.Describe()}");
        }
    }
}
