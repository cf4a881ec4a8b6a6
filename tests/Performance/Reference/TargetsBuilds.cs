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
