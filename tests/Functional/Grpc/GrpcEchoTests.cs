using PerfAssert.Targets.Clients.Grpc;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Grpc;

namespace PerfAssert.Functional.Grpc;

public sealed class GrpcEchoTests(GrpcHostFixture fixture) : IClassFixture<GrpcHostFixture>
{
    public static TheoryData<GrpcCallShape, int> ShapesAndCounts { get; } = new()
    {
        { GrpcCallShape.Unary, 0 }, { GrpcCallShape.Unary, 1 }, { GrpcCallShape.Unary, 100 },
        { GrpcCallShape.ServerStreaming, 0 }, { GrpcCallShape.ServerStreaming, 1 }, { GrpcCallShape.ServerStreaming, 100 },
        { GrpcCallShape.ClientStreaming, 0 }, { GrpcCallShape.ClientStreaming, 1 }, { GrpcCallShape.ClientStreaming, 100 },
    };

    [Theory]
    [MemberData(nameof(ShapesAndCounts))]
    public async Task EchoSmallAsync_OverLoopback_ReturnsExactlyTheItemsSent(GrpcCallShape shape, int count)
    {
        await using var client = new GrpcEchoClient(fixture.Http2, shape);
        var sent = PayloadGenerator.Small(count);

        var received = await client.EchoSmallAsync(sent, TestContext.Current.CancellationToken);

        Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Small));
    }

    [Theory]
    [MemberData(nameof(ShapesAndCounts))]
    public async Task EchoLargeAsync_OverLoopback_ReturnsExactlyTheItemsSent(GrpcCallShape shape, int count)
    {
        await using var client = new GrpcEchoClient(fixture.Http2, shape);
        var sent = PayloadGenerator.Large(count);

        var received = await client.EchoLargeAsync(sent, TestContext.Current.CancellationToken);

        Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Large));
    }

    [Fact]
    public async Task EchoLargeAsync_ThousandItems_FitsTheDefaultMessageLimitAndRoundTrips()
    {
        await using var client = new GrpcEchoClient(fixture.Http2, GrpcCallShape.Unary);
        var sent = PayloadGenerator.Large(1000);

        var received = await client.EchoLargeAsync(sent, TestContext.Current.CancellationToken);

        Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Large));
    }

    [Theory]
    [InlineData(GrpcCallShape.Unary)]
    [InlineData(GrpcCallShape.ServerStreaming)]
    [InlineData(GrpcCallShape.ClientStreaming)]
    public async Task EchoLargeAsync_HostInMemory_RoundTripsThroughTestServersHandler(GrpcCallShape shape)
    {
        // grpc-dotnet on TestServer: the channel sends through the in-memory handler, no socket.
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        timeout.CancelAfter(TimeSpan.FromSeconds(30));
        await using var host = await TargetHost.StartAsync(new TargetHostOptions { Modules = [new GrpcModule()], InMemory = true }, timeout.Token);
        var (address, options) = GrpcStacks.Target(host.Endpoints);
        await using var client = new GrpcEchoClient(address, shape, options);
        var sent = PayloadGenerator.Large(3);

        var received = await client.EchoLargeAsync(sent, timeout.Token);

        Assert.Null(host.Endpoints.Http2);
        Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Large));
    }

    [Fact]
    public void All_ListsTheThreeShapesMeasuredOverSockets()
    {
        Assert.Equal(["Grpc.Unary/Protobuf", "Grpc.ServerStreaming/Protobuf", "Grpc.ClientStreaming/Protobuf"], GrpcStacks.All.Select(s => s.Id));
        Assert.All(GrpcStacks.All, s => Assert.False(s.SupportsInMemory));
    }

    [Fact]
    public async Task All_EveryStack_EchoesAndNamesItselfByItsId()
    {
        var sent = PayloadGenerator.Large(3);
        foreach (var (id, _, create) in GrpcStacks.All)
        {
            await using var client = create(fixture.Host.Endpoints);

            var received = await client.EchoLargeAsync(sent, TestContext.Current.CancellationToken);

            Assert.Equal(id, client.Name);
            Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Large));
        }
    }
}
