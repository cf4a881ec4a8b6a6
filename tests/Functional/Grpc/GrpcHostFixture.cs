using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Grpc;

namespace PerfAssert.Functional.Grpc;

/// <summary>One host with the gRPC module on real Kestrel (127.0.0.1, port 0), shared by a test class.</summary>
public sealed class GrpcHostFixture : IAsyncLifetime
{
    private TargetHost? _host;

    public TargetHost Host => _host ?? throw new InvalidOperationException("The host has not started.");

    public Uri Http2 => Host.Endpoints.Http2 ?? throw new InvalidOperationException("The host has no HTTP/2 endpoint.");

    public async ValueTask InitializeAsync()
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        _host = await TargetHost.StartAsync(new TargetHostOptions { Modules = [new GrpcModule()] }, timeout.Token);
    }

    public async ValueTask DisposeAsync()
    {
        if (_host is not null)
        {
            await _host.DisposeAsync();
        }
    }
}
