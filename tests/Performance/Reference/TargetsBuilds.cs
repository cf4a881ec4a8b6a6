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
    public ServiceBuilds Builds { get; } = new("src/Targets/Targets.csproj");

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
