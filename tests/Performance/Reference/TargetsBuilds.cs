using PerfAssert.Hosting.Builds;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Performance.Reference;

/// <summary>
/// The targets host (<c>src/Targets</c>) in two builds, this working tree's and the commit <c>baselines/reference.json</c>
/// names, each run as worker processes while a test measures them. The HTTP/1.1 clients of the reference cases call
/// whichever build is being measured through <see cref="Endpoints"/>.
/// </summary>
public sealed class TargetsBuilds : IDisposable
{
    public TargetsBuilds()
    {
        Builds = new ServiceBuilds("src/Targets/Targets.csproj");
        Endpoints = new TargetEndpoints { Http = new Uri("http://perfassert-worker/"), InMemoryHandler = Builds.Handler };
    }

    public ServiceBuilds Builds { get; }

    public TargetEndpoints Endpoints { get; }

    public void Dispose() => Builds.Dispose();
}
