using System.Net;
using System.Net.Sockets;
using PerfAssert.Hosting.Tests.TestApp;

namespace PerfAssert.Hosting.Tests;

public sealed class ServiceHostTests : IDisposable
{
    private readonly TinyAppFactory _factory = new();

    public void Dispose() => _factory.Dispose();

    [Fact]
    public async Task StartAsync_Kestrel_AnswersOnALoopbackPortTheSystemChose()
    {
        using var bounded = Bounded.Within();
        await using var host = await ServiceHost<TinyApp>.StartAsync(_factory, new ServiceHostOptions(), bounded.Token);
        using var client = host.CreateClient();

        var answer = await client.GetStringAsync(new Uri("/ping", UriKind.Relative), bounded.Token);

        Assert.Equal("pong", answer);
        Assert.Equal(ServiceHostMode.Kestrel, host.Mode);
        Assert.Equal("127.0.0.1", host.BaseAddress.Host);
        Assert.True(host.BaseAddress.Port > 0);
    }

    [Fact]
    public async Task StartAsync_InMemory_AnswersThroughTheServersHandler()
    {
        using var bounded = Bounded.Within();
        var options = new ServiceHostOptions { Mode = ServiceHostMode.InMemory };
        await using var host = await ServiceHost<TinyApp>.StartAsync(_factory, options, bounded.Token);
        using var client = host.CreateClient();

        var answer = await client.GetStringAsync(new Uri("/ping", UriKind.Relative), bounded.Token);

        Assert.Equal("pong", answer);
        Assert.Equal(new Uri("http://localhost/"), host.BaseAddress);
    }

    [Fact]
    public async Task StartAsync_TwoHostsInParallel_GetDifferentPortsAndBothAnswer()
    {
        using var bounded = Bounded.Within();
        var starts = Enumerable.Range(0, 2).Select(_ => ServiceHost<TinyApp>.StartAsync(_factory, new ServiceHostOptions(), bounded.Token)).ToArray();
        var hosts = await Task.WhenAll(starts);
        try
        {
            Assert.NotEqual(hosts[0].BaseAddress.Port, hosts[1].BaseAddress.Port);
            foreach (var host in hosts)
            {
                using var client = host.CreateClient();
                Assert.Equal("pong", await client.GetStringAsync(new Uri("/ping", UriKind.Relative), bounded.Token));
            }
        }
        finally
        {
            foreach (var host in hosts)
            {
                await host.DisposeAsync();
            }
        }
    }

    [Fact]
    public async Task DisposeAsync_Kestrel_LeavesNoListenerOnThePort()
    {
        using var bounded = Bounded.Within();
        var host = await ServiceHost<TinyApp>.StartAsync(_factory, new ServiceHostOptions(), bounded.Token);
        var port = host.BaseAddress.Port;
        using (var client = host.CreateClient())
        {
            Assert.Equal("pong", await client.GetStringAsync(new Uri("/ping", UriKind.Relative), bounded.Token));
        }

        await host.DisposeAsync();

        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        var refused = await Assert.ThrowsAsync<SocketException>(async () => await socket.ConnectAsync(new IPEndPoint(IPAddress.Loopback, port), bounded.Token));
        Assert.Equal(SocketError.ConnectionRefused, refused.SocketErrorCode);
    }

    [Fact]
    public async Task Services_AfterStart_ReachTheApplicationsSingletons()
    {
        using var bounded = Bounded.Within();
        var options = new ServiceHostOptions { Mode = ServiceHostMode.InMemory };
        await using var host = await ServiceHost<TinyApp>.StartAsync(_factory, options, bounded.Token);

        var greeting = host.Services.GetService(typeof(TinyApp.Greeting));

        Assert.Equal("pong", Assert.IsType<TinyApp.Greeting>(greeting).Text);
    }

    [Fact]
    public async Task Log_WarningDuringARequest_IsCapturedAndInformationIsNot()
    {
        using var bounded = Bounded.Within();
        await using var host = await ServiceHost<TinyApp>.StartAsync(_factory, new ServiceHostOptions(), bounded.Token);
        using var client = host.CreateClient();

        await client.GetStringAsync(new Uri("/warn", UriKind.Relative), bounded.Token);

        var entry = Assert.Single(host.Log);
        Assert.Equal(Microsoft.Extensions.Logging.LogLevel.Warning, entry.Level);
        Assert.Equal("Request asked for a warning", entry.Message);
    }
}
