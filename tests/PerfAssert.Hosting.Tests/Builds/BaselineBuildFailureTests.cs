using PerfAssert.Baselines;
using PerfAssert.Hosting.Builds;
using PerfAssert.Measurement;
using PerfAssert.Verdicts;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// Bad input for baseline builds, with real git, real builds and real workers: each is a clear error within a bounded
/// time, nothing is written under baselines/, and no process is left behind.
/// </summary>
public sealed class BaselineBuildFailureTests : IDisposable
{
    private readonly ScratchService _scratch = ScratchService.Create(2_000);

    [Fact]
    public async Task RunAsync_ReferenceCommitNotInTheClone_IsInvalidNamingTheCommit()
    {
        _scratch.Commit("reference");
        var store = StoreWithEntry("fedcba9876543210fedcba9876543210fedcba98");

        var result = await MeasureAsync(store, TimeSpan.FromSeconds(60));

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Invalid, latency.Outcome);
        Assert.Contains("commit fedcba9876543210fedcba9876543210fedcba98 (baselines/reference.json) is not in this clone", latency.Message, StringComparison.Ordinal);
        Assert.Contains("perfassert baseline move --commit", latency.Message, StringComparison.Ordinal);
        Assert.True(result.Failed);
        AssertNothingLeft(store);
    }

    [Fact]
    public async Task RunAsync_ShallowCloneWithoutTheReference_SaysToFetchTheWholeHistory()
    {
        var reference = _scratch.Commit("reference");
        _scratch.SetRounds(2_000, "A later change.");
        _scratch.Commit("later");
        using var shallow = ScratchService.CloneShallow(_scratch);
        var store = new BaselineStore(shallow.Baselines);
        new BaselineReference(reference).Write(store);

        var result = await MeasureAsync(store, TimeSpan.FromSeconds(60), shallow.Root);

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.Contains("This is a shallow clone: fetch the whole history", latency.Message, StringComparison.Ordinal);
        Assert.Contains("fetch-depth: 0", latency.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_ReferenceThatDoesNotCompile_IsInvalidWithTheCompilerError()
    {
        _scratch.SetHandler("return undefinedName;");
        var reference = _scratch.Commit("broken reference");
        _scratch.SetRounds(2_000);
        var store = StoreWithEntry(reference);

        var result = await MeasureAsync(store, TimeSpan.FromMinutes(3));

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Invalid, latency.Outcome);
        Assert.Contains($"building {ScratchService.Project} at commit {reference} failed", latency.Message, StringComparison.Ordinal);
        Assert.Contains("undefinedName", latency.Message, StringComparison.Ordinal);
        AssertNothingLeft(store);
    }

    [Fact]
    public async Task RunAsync_WorkerThatExitsMidMeasurement_FailsNamingItsExitCode()
    {
        var reference = _scratch.Commit("reference");
        _scratch.SetHandler("if (Interlocked.Increment(ref calls) > 400) { Environment.Exit(42); } return \"ok\";");
        var store = StoreWithEntry(reference);

        var error = await Assert.ThrowsAnyAsync<Exception>(() => MeasureAsync(store, TimeSpan.FromMinutes(2)));

        Assert.Contains("The working tree worker", error.Message, StringComparison.Ordinal);
        Assert.Contains("exited with code 42", error.Message, StringComparison.Ordinal);
        AssertNothingLeft(store);
    }

    [Fact]
    public async Task RunAsync_WorkerThatHangsMidMeasurement_TimesOutAndIsStopped()
    {
        var reference = _scratch.Commit("reference");
        _scratch.SetHandler("if (Interlocked.Increment(ref calls) > 400) { Thread.Sleep(Timeout.Infinite); } return \"ok\";");
        var store = StoreWithEntry(reference);

        var error = await Assert.ThrowsAsync<PerfMeasurementException>(() => MeasureAsync(store, TimeSpan.FromMinutes(2), options: o => o with { OperationTimeout = TimeSpan.FromSeconds(2) }));

        Assert.Contains("GET /work", error.Message, StringComparison.Ordinal);
        AssertNothingLeft(store);
    }

    [Fact]
    public async Task StartPairAsync_ServiceThatCrashesOnStart_FailsWithItsOutput()
    {
        _scratch.Write("src/Work/Program.cs", "throw new InvalidOperationException(\"the connection string is missing\");\n");
        var reference = _scratch.Commit("reference");
        using var builds = new ServiceBuilds(ScratchService.Project, new ServiceBuildsOptions { RepositoryRoot = _scratch.Root });
        using var deadline = Bounded.Within(120);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => builds.StartPairAsync(new BaselineReference(reference), deadline.Token));

        Assert.Contains("exited with code", error.Message, StringComparison.Ordinal);
        Assert.Contains("the connection string is missing", error.Message, StringComparison.Ordinal);
        Assert.Empty(_scratch.ProcessesUsingIt());
    }

    public void Dispose() => _scratch.Dispose();

    /// <summary>A store whose reference is <paramref name="commit"/> and which has an entry, so latency is judged.</summary>
    private BaselineStore StoreWithEntry(string commit)
    {
        var store = new BaselineStore(_scratch.Baselines);
        new BaselineReference(commit).Write(store);
        File.WriteAllText(store.PathOf("Work"), """
            {
              "schemaVersion": 1,
              "entries": {
                "Work": {
                  "environment": { "os": "linux", "architecture": "x64", "cores": 2, "runtimeMajor": 10 },
                  "allocatedBytesPerOp": 3000, "gen0PerThousandOps": 0, "gen1PerThousandOps": 0, "gen2PerThousandOps": 0,
                  "calibrationRatio": { "estimate": 10, "lower": 9, "upper": 11, "confidenceLevel": 0.99, "blocks": 64 },
                  "allocationOps": 200, "allocationScope": "worker"
                }
              }
            }
            """);
        return store;
    }

    private void AssertNothingLeft(BaselineStore store)
    {
        Assert.Equal(["Work.json", "reference.json"], Directory.GetFiles(store.Directory).Select(Path.GetFileName).Order(StringComparer.Ordinal));
        Assert.Empty(_scratch.ProcessesUsingIt());
    }

    private async Task<PerfResult> MeasureAsync(BaselineStore store, TimeSpan within, string? root = null, Func<PerfOptions, PerfOptions>? options = null)
    {
        using var builds = new ServiceBuilds(ScratchService.Project, new ServiceBuildsOptions { RepositoryRoot = root ?? _scratch.Root });
        using var client = builds.CreateClient();
        using var deadline = Bounded.Within((int)within.TotalSeconds);
        var result = await Perf.Measure("GET /work", async ct => (await client.GetAsync(new Uri("/work", UriKind.Relative), ct)).EnsureSuccessStatusCode().Dispose())
            .AgainstBaseline("Work", "Work", builds, store)
            .WithOptions(options ?? (o => o))
            .RunAsync(deadline.Token);
        TestContext.Current.TestOutputHelper?.WriteLine(string.Join(Environment.NewLine, result.Verdicts.Select(v => v.Message)));
        return result;
    }
}
