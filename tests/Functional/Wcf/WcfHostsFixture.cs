using PerfAssert.Targets.Clients.Wcf;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Functional.Wcf;

/// <summary>One loopback host and one in-memory host of the WCF module, shared by a test class to keep it fast.</summary>
public sealed class WcfHostsFixture : IAsyncLifetime
{
    private TargetHost? _loopback;
    private TargetHost? _inMemory;

    public TargetHost Loopback => _loopback ?? throw new InvalidOperationException("Not started.");

    public TargetHost InMemory => _inMemory ?? throw new InvalidOperationException("Not started.");

    public static TheoryData<string> AllStacks => [.. WcfStacks.Clients.Select(c => c.Id)];

    public static TheoryData<string> HttpStacks => [.. WcfStacks.Clients.Where(c => c.SupportsInMemory).Select(c => c.Id)];

    /// <summary>Creates the stack's client against the loopback host, or the in-memory host when asked.</summary>
    public IWcfClient Create(string id, bool inMemory = false)
    {
        var host = inMemory ? InMemory : Loopback;
        return WcfStacks.Clients.Single(c => c.Id == id).Create(host.Endpoints);
    }

    public async ValueTask InitializeAsync()
    {
        _loopback = await TargetHost.StartAsync(new TargetHostOptions { Modules = [new WcfModule()] });
        _inMemory = await TargetHost.StartAsync(new TargetHostOptions { Modules = [new WcfModule()], InMemory = true });
    }

    public async ValueTask DisposeAsync()
    {
        if (_loopback is not null)
        {
            await _loopback.DisposeAsync();
        }

        if (_inMemory is not null)
        {
            await _inMemory.DisposeAsync();
        }
    }
}
