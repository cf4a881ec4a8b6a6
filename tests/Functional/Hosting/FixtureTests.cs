using System.Net;
using System.Net.Sockets;
using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Functional.Hosting;

public sealed class FixtureTests
{
    [Fact]
    public async Task Host_BeforeInitialize_ThrowsSayingItHasNotStarted()
    {
        await using var fixture = new InMemoryTargetsFixture();

        var failure = Assert.Throws<InvalidOperationException>(() => fixture.Host);

        Assert.Contains("has not started", failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task DisposeAsync_AfterInitialize_StopsTheLoopbackHost()
    {
        using var cts = Bounded.Within();
        var fixture = new LoopbackTargetsFixture();
        await fixture.InitializeAsync();
        var http = fixture.Endpoints.Http;

        await fixture.DisposeAsync();

        Assert.Equal("127.0.0.1", http.Host);
        using var socket = new Socket(SocketType.Stream, ProtocolType.Tcp);
        await Assert.ThrowsAsync<SocketException>(async () => await socket.ConnectAsync(IPAddress.Loopback, http.Port, cts.Token));
    }
}
