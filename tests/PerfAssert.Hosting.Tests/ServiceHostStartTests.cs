using System.Diagnostics;
using System.Net;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.DependencyInjection;
using PerfAssert.Hosting.Tests.TestApp;

namespace PerfAssert.Hosting.Tests;

public sealed class ServiceHostStartTests : IDisposable
{
    private readonly TinyAppFactory _factory = new();

    public void Dispose() => _factory.Dispose();

    [Fact]
    public async Task StartAsync_HostedServiceThrows_FailsWithTheApplicationsLog()
    {
        using var bounded = Bounded.Within();
        var options = new ServiceHostOptions
        {
            StartTimeout = TimeSpan.FromSeconds(10),
            ConfigureWebHost = web => web.ConfigureServices(s => s.AddHostedService<StartBehaviour.Throws>()),
        };

        var failure = await Assert.ThrowsAsync<ServiceHostStartException>(() => ServiceHost<TinyApp>.StartAsync(_factory, options, bounded.Token));

        Assert.Contains("failed to start: warm-up failed", failure.Message, StringComparison.Ordinal);
        Assert.Contains(StartBehaviour.FailureWarning, failure.Message, StringComparison.Ordinal);
        Assert.Contains(failure.Log, e => e.Message == StartBehaviour.FailureWarning);
        Assert.IsType<InvalidOperationException>(failure.InnerException?.GetBaseException());
    }

    [Fact]
    public async Task StartAsync_StartHangs_FailsWithinTheTimeoutWithTheApplicationsLog()
    {
        using var bounded = Bounded.Within();
        var options = new ServiceHostOptions
        {
            StartTimeout = TimeSpan.FromSeconds(2),
            ConfigureWebHost = web => web.ConfigureServices(s => s.AddHostedService<StartBehaviour.Hangs>()),
        };
        var clock = Stopwatch.StartNew();

        var failure = await Assert.ThrowsAsync<ServiceHostStartException>(() => ServiceHost<TinyApp>.StartAsync(_factory, options, bounded.Token));

        Assert.InRange(clock.Elapsed, TimeSpan.Zero, TimeSpan.FromSeconds(15));
        Assert.Contains("did not start within 2 s", failure.Message, StringComparison.Ordinal);
        Assert.Contains(StartBehaviour.HangWarning, failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task StartAsync_ApplicationListensOnEveryInterface_IsRejectedBeforeBinding()
    {
        using var bounded = Bounded.Within();
        var options = new ServiceHostOptions { ConfigureWebHost = web => web.ConfigureKestrel(k => k.Listen(IPAddress.Any, 0)) };

        var failure = await Assert.ThrowsAsync<ServiceHostStartException>(() => ServiceHost<TinyApp>.StartAsync(_factory, options, bounded.Token));

        Assert.Contains("outside loopback", failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task StartAsync_ApplicationAsksForAWildcardUrl_StillListensOnLoopbackOnly()
    {
        using var bounded = Bounded.Within();
        var options = new ServiceHostOptions { ConfigureWebHost = web => web.UseUrls("http://0.0.0.0:0") };

        await using var host = await ServiceHost<TinyApp>.StartAsync(_factory, options, bounded.Token);

        Assert.Equal("127.0.0.1", host.BaseAddress.Host);
    }

    [Fact]
    public async Task StartAsync_ZeroStartTimeout_ThrowsNamingTheSetting()
    {
        var options = new ServiceHostOptions { StartTimeout = TimeSpan.Zero };

        var error = await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => ServiceHost<TinyApp>.StartAsync(_factory, options, TestContext.Current.CancellationToken));

        Assert.Equal(nameof(ServiceHostOptions.StartTimeout), error.ParamName);
    }
}
