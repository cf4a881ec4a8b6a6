using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Clients.Grpc;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.MinimalApi;

namespace PerfAssert.Functional.Matrix;

/// <summary>
/// What the matrix relies on from its fixtures: many hosts start side by side without clashing, a host that cannot
/// start says why within its timeout, and a disposed fixture leaves none of its listeners (HTTP/1.1, h2c, raw TCP) open.
/// </summary>
public sealed class FixtureBehaviourTests
{
    [Fact]
    public async Task Fixtures_SeveralStartedInParallel_ServeOnDistinctPortsAndReleaseThemAll()
    {
        using var cts = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        cts.CancelAfter(TimeSpan.FromSeconds(60));
        var fixtures = new TargetsFixture[] { new LoopbackTargetsFixture(), new LoopbackTargetsFixture(), new LoopbackTargetsFixture(), new InMemoryTargetsFixture() };
        await Task.WhenAll(fixtures.Select(f => f.InitializeAsync().AsTask())).WaitAsync(cts.Token);
        var listeners = fixtures.SelectMany(f => Listeners(f.Endpoints)).ToList();

        Assert.Equal(listeners.Count, listeners.Distinct().Count());
        Assert.All(listeners, l => Assert.Equal(IPAddress.Loopback, l.Address));
        foreach (var fixture in fixtures)
        {
            await AssertServesAsync(fixture.Endpoints, cts.Token);
        }

        await Task.WhenAll(fixtures.Select(f => f.DisposeAsync().AsTask())).WaitAsync(cts.Token);

        Assert.Equal(3 * (2 + TargetModules.All.Sum(m => m.TcpProtocols.Count)), listeners.Count);
        foreach (var listener in listeners)
        {
            using var socket = new Socket(SocketType.Stream, ProtocolType.Tcp);
            var refused = await Assert.ThrowsAsync<SocketException>(async () => await socket.ConnectAsync(listener, cts.Token));
            Assert.Equal(SocketError.ConnectionRefused, refused.SocketErrorCode);
        }
    }

    [Fact]
    public async Task StartAsync_ModuleThatNeverFinishesStarting_FailsWithinTheTimeoutWithTheHostLog()
    {
        using var cts = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        cts.CancelAfter(TimeSpan.FromSeconds(30));
        var options = new TargetHostOptions { Modules = [new MinimalApiModule(), new StallingModule()], StartTimeout = TimeSpan.FromSeconds(2) };
        var clock = Stopwatch.StartNew();

        var failure = await Assert.ThrowsAsync<InvalidOperationException>(() => TargetHost.StartAsync(options, cts.Token));

        Assert.InRange(clock.Elapsed, TimeSpan.FromSeconds(1.5), TimeSpan.FromSeconds(20));
        Assert.Contains("did not start within 00:00:02", failure.Message, StringComparison.Ordinal);
        Assert.Contains("Host log:", failure.Message, StringComparison.Ordinal);
        Assert.Contains(StallingModule.LogLine, failure.Message, StringComparison.Ordinal);
    }

    private static async Task AssertServesAsync(TargetEndpoints endpoints, CancellationToken cancellationToken)
    {
        var sent = PayloadGenerator.Small(5);
        var stacks = endpoints.InMemoryHandler is null ? [HttpEchoClients.MinimalStjId, GrpcStacks.UnaryId, "Wcf.NetTcp/Tuned"] : new[] { HttpEchoClients.MinimalStjId };
        foreach (var stack in stacks)
        {
            await using var client = TargetCatalog.Get(stack).Create(endpoints);
            Assert.Null(PayloadComparer.FirstDifference(sent, await client.EchoSmallAsync(sent, cancellationToken), PayloadComparer.Small));
        }
    }

    private static IEnumerable<IPEndPoint> Listeners(TargetEndpoints endpoints)
    {
        if (endpoints.InMemoryHandler is not null)
        {
            yield break;
        }

        yield return new IPEndPoint(IPAddress.Parse(endpoints.Http.Host), endpoints.Http.Port);
        yield return new IPEndPoint(IPAddress.Parse(endpoints.Http2!.Host), endpoints.Http2.Port);
        foreach (var tcp in endpoints.Tcp.Values)
        {
            yield return tcp;
        }
    }
}
