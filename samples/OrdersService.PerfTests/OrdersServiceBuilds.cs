using PerfAssert.Hosting.Builds;

namespace OrdersService.PerfTests;

// begin-snippet: builds-fixture
/// <summary>
/// The service in two builds, the working tree's and the reference commit's (baselines/reference.json), each run in
/// fresh worker processes while a test measures them. Its client's calls go to whichever build is being measured.
/// </summary>
public sealed class OrdersServiceBuilds : IDisposable
{
    /// <summary>The service's project, relative to the repository root.</summary>
    public const string Project = "samples/OrdersService/OrdersService.csproj";

    public OrdersServiceBuilds() => Client = new OrdersClient(Builds.CreateClient());

    public ServiceBuilds Builds { get; } = new(Project);

    public OrdersClient Client { get; }

    public void Dispose()
    {
        Client.Dispose();
        Builds.Dispose();
    }
}
// end-snippet
