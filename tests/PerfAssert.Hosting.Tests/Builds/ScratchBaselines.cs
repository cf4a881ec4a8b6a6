using PerfAssert.Baselines;
using PerfAssert.Hosting.Builds;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// A scratch service with a baselines folder whose entry makes latency be judged, for the tests of what goes wrong:
/// measuring its <c>GET /work</c> against the reference build within a deadline, and checking that a failure left nothing
/// behind (no file under baselines/, no process). Disposing deletes the scratch repository.
/// </summary>
public sealed class ScratchBaselines : IDisposable
{
    public ScratchService Scratch { get; } = ScratchService.Create(2_000);

    /// <summary>
    /// A store (in <paramref name="baselines"/>, the scratch repository's unless given) whose reference is
    /// <paramref name="commit"/> and which has an entry, so latency is judged against the reference build rather than
    /// measured against the calibration workload for a candidate entry.
    /// </summary>
    public BaselineStore StoreWithEntry(string commit, string? baselines = null)
    {
        var store = new BaselineStore(baselines ?? Scratch.Baselines);
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

    /// <summary>The store holds only its entry and reference, and no process runs from the scratch repository or its builds.</summary>
    public void AssertNothingLeft(BaselineStore store)
    {
        Assert.Equal(["Work.json", "reference.json"], Directory.GetFiles(store.Directory).Select(Path.GetFileName).Order(StringComparer.Ordinal));
        Assert.Empty(Scratch.ProcessesUsingIt());
    }

    /// <summary>Measures <c>GET /work</c> in the repository at <paramref name="root"/> (the scratch one unless given) against its reference build.</summary>
    public async Task<PerfResult> MeasureAsync(BaselineStore store, TimeSpan within, string? root = null, Func<PerfOptions, PerfOptions>? options = null)
    {
        using var builds = new ServiceBuilds(ScratchService.Project, new ServiceBuildsOptions { RepositoryRoot = root ?? Scratch.Root });
        using var client = builds.CreateClient();
        using var deadline = Bounded.Within((int)within.TotalSeconds);
        var result = await Perf.Measure("GET /work", async ct => (await client.GetAsync(new Uri("/work", UriKind.Relative), ct)).EnsureSuccessStatusCode().Dispose())
            .AgainstBaseline("Work", "Work", builds, store)
            .WithOptions(options ?? (o => o))
            .RunAsync(deadline.Token);
        TestContext.Current.TestOutputHelper?.WriteLine(string.Join(Environment.NewLine, result.Verdicts.Select(v => v.Message)));
        return result;
    }

    public void Dispose() => Scratch.Dispose();
}
