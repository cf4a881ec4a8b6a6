using System.Text.Json.Nodes;
using PerfAssert.Baselines;
using PerfAssert.Embedding.Tests.Support;

namespace PerfAssert.Embedding.Tests;

/// <summary>
/// docs/quickstart.md followed the way a new team follows it: a fresh git repository with its own ASP.NET Core service
/// (<c>dotnet new web</c>), the packages this repository packs at a prerelease version (as its own recipes pack them),
/// and every block the page marks <c>doc-test</c> run as written: the package source, the page's own test project file
/// (the fallback for machines without the xUnit v3 templates), the package and tool installs, the first run, accept, and
/// naming the reference commit. Two tests in it measure the same operation, and each keeps its own results file, which
/// <c>perfassert render</c> counts. This is also where a first entry is recorded beside the reference build (allocations
/// in the workers, no allowance), accepted, and then passes an unchanged build: the library's own scratch-service check of
/// that flow was the same verdicts again, 25 s of CI. Its verdicts rest on timings (the first run's entry holds the call's
/// time against the calibration workload, the second run's verdict is against the reference build), so it runs alone
/// (<see cref="MeasuresAloneCollection"/>); the page's xUnit v3 4.x section is <see cref="QuickstartXunitV3FourTests"/>,
/// and the PerfAssert.Hosting README's console program, which times nothing, <see cref="HostingConsoleTests"/>.
/// </summary>
[Collection(MeasuresAloneCollection.Name)]
public sealed class QuickstartTests(PackedSample sample) : IDisposable
{
    private static readonly TimeSpan StepTimeout = QuickstartScratch.StepTimeout;
    private readonly QuickstartScratch _quickstart = new(sample);

    private string Root => _quickstart.Root;

    private string Project => _quickstart.Project;

    [Fact]
    public async Task Quickstart_FromAFreshRepositoryWithAPrereleaseVersion_WorksAsWritten()
    {
        var page = await QuickstartScratch.BlocksAsync("docs", "quickstart.md");
        var output = TestContext.Current.TestOutputHelper;

        // The page packs the projects the fixture packed, under $version: the fixture's prerelease packages stand for them.
        Assert.Contains("-p:Version=$version", page["pack"], StringComparison.Ordinal);
        Assert.All(PackedSample.PackedProjects, p => Assert.Contains(Path.GetDirectoryName(p)!.Replace('\\', '/'), page["pack"], StringComparison.Ordinal));
        Assert.Contains('-', sample.Version);

        // A fresh repository with its own service, which tests can name: a minimal API's Program made public. The templates'
        // own restore is skipped (--no-restore): the page's 'dotnet add package' and 'dotnet test' restore it with its tests.
        await GitAsync("init", "-q", "-b", "main");
        await File.WriteAllTextAsync(Path.Combine(Root, ".gitignore"), "bin/\nobj/\nartifacts/\nTestResults/\nperfassert-report/\n*.received.*\n", TestContext.Current.CancellationToken);
        await _quickstart.CreateServiceAsync();

        Ensure(await BashAsync(Root, page["feed"]));
        Directory.CreateDirectory(Project);
        await File.WriteAllTextAsync(Path.Combine(Project, "MyService.PerfTests.csproj"), page["project-file"], TestContext.Current.CancellationToken);
        Ensure(await BashAsync(Root, page["packages"]));
        await WriteTestsAsync();
        await CommitAsync("A service and its performance tests.");

        // The first run: the allocation budget passes, the baseline test has no entry yet and says how to accept one.
        var first = await BashAsync(Project, page["first-run"]);
        output?.WriteLine(first.Output);
        Assert.True(first.ExitCode != 0 && !first.TimedOut, first.Describe());
        Assert.Contains("NoBaseline", first.Output, StringComparison.Ordinal);
        Assert.Contains("dotnet perfassert accept", first.Output, StringComparison.Ordinal);

        // The tool from the packed prerelease, into a tool manifest, then accept and name the reference commit.
        var tool = await BashAsync(Project, page["tool"]);
        Assert.True(tool.ExitCode == 0 && !tool.TimedOut, tool.Describe());
        Assert.Contains("Accepted 1 entry.", tool.Output, StringComparison.Ordinal);
        // The SDK writes the manifest at the root (.NET 10) or under .config (earlier SDKs).
        var manifest = new[] { Path.Combine(Root, "dotnet-tools.json"), Path.Combine(Root, ".config", "dotnet-tools.json") }.First(File.Exists);
        Assert.Contains($"\"version\": \"{sample.Version}\"", await File.ReadAllTextAsync(manifest, TestContext.Current.CancellationToken), StringComparison.Ordinal);
        Ensure(await BashAsync(Project, page["move"]));
        Assert.True(File.Exists(Path.Combine(Project, "baselines", "reference.json")));
        // The entry the first run measured beside the reference build: allocations counted in the workers, no allowance yet.
        var entry = new BaselineStore(Path.Combine(Project, "baselines")).Load("HelloBaselineTests").Entries["Hello"];
        Assert.Equal("worker", entry.AllocationScope);
        Assert.Null(entry.LatencyAllowance);
        await CommitAsync("Baselines, the reference commit and the tool manifest.");

        // The next run builds the reference commit, measures it beside the working tree and passes, as CI would run it.
        var second = await Dotnet.RunAsync(Project, PackedSample.Environment(ci: true), StepTimeout, "test", "-c", "Release");
        output?.WriteLine(second.Output);
        Assert.True(second.ExitCode == 0 && !second.TimedOut, second.Describe());

        // Both tests measured "GET /": one results file each, and render counts both.
        var results = Path.Combine(Project, "TestResults", "perfassert");
        var files = Directory.GetFiles(results, "*.json");
        Assert.Equal(2, files.Length);
        Assert.Equal(2, files.Select(f => JsonNode.Parse(File.ReadAllText(f))!["test"]?.GetValue<string>()).Where(t => t is not null).Distinct(StringComparer.Ordinal).Count());
        var render = await BashAsync(Project, "dotnet perfassert render --format md");
        Assert.True(render.ExitCode == 0, render.Describe());
        var report = await File.ReadAllTextAsync(Path.Combine(Project, "perfassert-report", "report.md"), TestContext.Current.CancellationToken);
        Assert.Contains("(2 tests)", report, StringComparison.Ordinal);

        // The performance history with the packed tool, as the page's step 10 and its CI recipe run it: the run is recorded,
        // and the trend page has a chart per operation and measure.
        var history = await BashAsync(Project, page["history"]);
        output?.WriteLine(history.Output);
        Assert.True(history.ExitCode == 0 && !history.TimedOut, history.Describe());
        Assert.Contains("Recorded 2 results from ", history.Output, StringComparison.Ordinal);
        Assert.Contains("1 runs, 2 operations from ", history.Output, StringComparison.Ordinal);
        var trends = await File.ReadAllTextAsync(Path.Combine(Project, "perfassert-report", "history.html"), TestContext.Current.CancellationToken);
        Assert.True(trends.Split("<svg class=\"chart trend\"").Length - 1 >= 4, trends);
    }

    public void Dispose() => _quickstart.Dispose();

    // Two tests that measure the same operation, one against a budget on ServiceHost, one against the reference build.
    private async Task WriteTestsAsync()
    {
        await File.WriteAllTextAsync(Path.Combine(Project, "AssemblyInfo.cs"), "[assembly: CollectionBehavior(DisableTestParallelization = true)]\n", TestContext.Current.CancellationToken);
        await File.WriteAllTextAsync(Path.Combine(Project, "HelloTests.cs"), """
            using PerfAssert;
            using PerfAssert.Hosting;
            using PerfAssert.Hosting.Builds;
            using PerfAssert.Xunit;

            namespace MyService.PerfTests;

            public sealed class HelloHost : IAsyncLifetime
            {
                public ServiceHost<Program> Host { get; private set; } = null!;

                public async ValueTask InitializeAsync() => Host = await ServiceHost<Program>.StartAsync(cancellationToken: TestContext.Current.CancellationToken);

                public async ValueTask DisposeAsync() => await Host.DisposeAsync();
            }

            public sealed class HelloBuilds : IDisposable
            {
                public HelloBuilds() => Client = Builds.CreateClient();

                public ServiceBuilds Builds { get; } = new("src/MyService/MyService.csproj");

                public HttpClient Client { get; }

                public void Dispose()
                {
                    Client.Dispose();
                    Builds.Dispose();
                }
            }

            public sealed class HelloBudgetTests(HelloHost service) : IClassFixture<HelloHost>
            {
                [Fact]
                public async Task Hello_AllocatesUnderItsBudget()
                {
                    using var client = service.Host.CreateClient();
                    await Perf.Measure("GET /", async ct => (await client.GetAsync("/", ct)).EnsureSuccessStatusCode().Dispose())
                        .AllocatedBytesAtMost(1_000_000)
                        .AssertAsync();
                }
            }

            public sealed class HelloBaselineTests(HelloBuilds builds) : IClassFixture<HelloBuilds>
            {
                [Fact]
                public async Task Hello_AgainstTheReferenceBuild_StaysWithinIt()
                {
                    await Perf.Measure("GET /", async ct => (await builds.Client.GetAsync("/", ct)).EnsureSuccessStatusCode().Dispose())
                        .AgainstBaseline(nameof(HelloBaselineTests), "Hello", builds.Builds)
                        .AssertAsync();
                }
            }
            """, TestContext.Current.CancellationToken);
    }

    private Task<ChildProcessResult> BashAsync(string directory, string script) => _quickstart.BashAsync(directory, script);

    private async Task GitAsync(params string[] arguments) => await PackedSample.GitAsync(Root, arguments);

    private async Task CommitAsync(string message)
    {
        await GitAsync("add", "-A");
        await GitAsync("-c", "user.name=A new team", "-c", "user.email=team@perfassert.invalid", "commit", "-q", "-m", message);
    }

    private static void Ensure(ChildProcessResult result) => QuickstartScratch.Ensure(result);
}
