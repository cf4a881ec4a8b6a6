using PerfAssert.Targets.Clients.Grpc;
using PerfAssert.Targets.Contracts;

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

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(100)]
    public async Task ClientStreaming_FlushedOnceAtTheEnd_ReturnsExactlyTheItemsSent(int count)
    {
        // The reference suite's client-streaming experiment sends the messages with one flush: the same bytes, framed alike.
        await using var client = new GrpcEchoClient(fixture.Http2, GrpcCallShape.ClientStreaming, new GrpcClientOptions { FlushEachMessage = false });
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

    [Fact]
    public void All_ListsTheThreeShapesOnSocketsOnly()
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
