using PerfAssert.Hosting.Builds;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.Performance.Reference;

/// <summary>
/// The targets host (<c>src/Targets</c>) in two builds, this working tree's and the commit <c>baselines/reference.json</c>
/// names, each run as worker processes while a test measures them. <see cref="Open"/> gives a reference case's call with
/// clients of its own on each worker, so every protocol (HTTP/1.1, gRPC over h2c, NetTcp over raw TCP) is measured against
/// both builds the same way.
/// </summary>
public sealed class TargetsBuilds : IDisposable
{
    /// <summary>
    /// The builds, with the workers' dynamic PGO off (the library's default leaves it on, as production runs). The targets
    /// host carries sixty services, and with PGO on its workers' JITs went on promoting past the warm-up time: 13 of 26
    /// pairs settled within 5 s (the project alone, 2026-11-27, with warm-up waiting for each worker's promotion queue),
    /// against 26 of 26 within 3 s with PGO off in a clean-clone CI run the same evening. This guard of the reference
    /// suite keeps the settled code and CI's time. Pairs are kept warm between verdicts (each class judges up to ten cases
    /// against the same two builds): the second and later verdicts of a class start no workers and warm up in a second or
    /// less, about 25 s less for the class.
    /// </summary>
    public ServiceBuilds Builds { get; } = new("src/Targets/Targets.csproj", new ServiceBuildsOptions
    {
        RuntimeSettings = new Dictionary<string, string>(new ServiceBuildsOptions().RuntimeSettings) { ["DOTNET_TieredPGO"] = "0" },
        ReuseWarmPairs = true,
    });

    /// <summary>
    /// How a case's verdict spends its blocks: a quick call (a round trip of 0 items, a data stream's records, a todo call;
    /// under 300 us) on four pairs of 32 blocks, a large one on the default two pairs of 128. A quick call's blocks scatter by
    /// about 0.1 in log-ratio within a pair, so 32 of them already put a pair's mean as close as the pairs themselves land
    /// apart (<see cref="PerfOptions.BuildPairSpread"/>, 0.015): two more pairs buy more than 96 more blocks each. With the
    /// pairs kept warm, that is half the timed calls for the same interval: the seven quick round trips of
    /// <see cref="LatencyBaselineTests"/>, measured twice back to back (2026-11-29), took 3.8-5.5 s each instead of 6.7-8.9 s,
    /// their 99% intervals 0.054-0.079 wide instead of 0.064-0.071. A large call's blocks scatter by 0.15 to 0.5 (a
    /// collection lands in some of its samples): its interval is made by the blocks, and on four pairs of 32 LargeWcfText-100
    /// reached 0.127 wide and took two extensions (18 s instead of 8).
    /// </summary>
    public static PerfOptions Shape(string name, PerfOptions options) =>
        name.StartsWith("Large", StringComparison.Ordinal) ? options : options with { BuildPairs = 4, BuildMaxBlocks = 128 };

    // begin-snippet: client-per-worker
    /// <summary>The named reference case's call on <paramref name="builds"/> (by default <see cref="Builds"/>), through the case's own clients on whichever worker is being measured.</summary>
    public Func<CancellationToken, Task> Open(string name, ServiceBuilds? builds = null) =>
        (builds ?? Builds).ClientPerWorker(
            addresses => ReferenceCatalog.Open(name, TargetHost.EndpointsInBindOrder(addresses)),
            (opened, cancellationToken) => opened.Operation(cancellationToken));
    // end-snippet

    public void Dispose() => Builds.Dispose();
}

/// <summary>The two builds of the targets host, built once for every test class judged against the reference build.</summary>
[CollectionDefinition(Name)]
public sealed class TargetsBuildsCollection : ICollectionFixture<TargetsBuilds>
{
    public const string Name = "Targets builds";
}
