using PerfAssert.Hosting;

namespace OrdersService.PerfTests;

// begin-snippet: fixture
/// <summary>The service on real Kestrel at 127.0.0.1 with an OS-chosen port, started once for every test class that shares it.</summary>
public sealed class OrdersServiceFixture : IAsyncLifetime
{
    private ServiceHost<Program>? _host;

    /// <summary>A client of the running service.</summary>
    public OrdersClient Client { get; private set; } = null!;

    /// <summary>The service's address, for a load worker in a process of its own (for example <c>http://127.0.0.1:41234/</c>).</summary>
    public Uri Address => _host?.BaseAddress ?? throw new InvalidOperationException("The service has not started.");

    public async ValueTask InitializeAsync()
    {
        // Production: the pipeline as deployed, without the developer exception page.
        _host = await ServiceHost<Program>.StartAsync(new ServiceHostOptions { Environment = "Production" }, TestContext.Current.CancellationToken);
        Client = new OrdersClient(_host.CreateClient());
    }

    public async ValueTask DisposeAsync()
    {
        Client?.Dispose();
        if (_host is not null)
        {
            await _host.DisposeAsync();
        }
    }
}
// end-snippet
