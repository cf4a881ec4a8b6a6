using Grpc.Core;
using PerfAssert.Targets.Clients.Grpc;
using PerfAssert.Targets.Contracts;

namespace PerfAssert.Functional.Grpc;

public sealed class GrpcDataStreamAndTodoTests(GrpcHostFixture fixture) : IClassFixture<GrpcHostFixture>
{
    [Theory]
    [InlineData(GrpcCallShape.Unary)]
    [InlineData(GrpcCallShape.ServerStreaming)]
    public async Task GetDataStreamAsync_ZeroTo42_ReturnsTheReferenceList(GrpcCallShape shape)
    {
        await using var client = new GrpcDataStreamClient(fixture.Http2, shape);

        var received = await client.GetDataStreamAsync(0, 42, TestContext.Current.CancellationToken);

        Assert.Null(PayloadComparer.FirstDifference(PayloadGenerator.Composite(0, 42), received, PayloadComparer.Composite));
        Assert.Equal(903, received.Sum(c => c.IntValue));
    }

    [Theory]
    [InlineData(GrpcCallShape.Unary)]
    [InlineData(GrpcCallShape.ServerStreaming)]
    public async Task GetDataStreamAsync_EmptyRange_ReturnsNoItems(GrpcCallShape shape)
    {
        await using var client = new GrpcDataStreamClient(fixture.Http2, shape);

        var received = await client.GetDataStreamAsync(5, 4, TestContext.Current.CancellationToken);

        Assert.Empty(received);
    }

    [Fact]
    public async Task GetDataStreamAsync_HugeRange_FailsWithInvalidArgument()
    {
        await using var client = new GrpcDataStreamClient(fixture.Http2, GrpcCallShape.Unary);

        var error = await Assert.ThrowsAsync<RpcException>(() => client.GetDataStreamAsync(int.MinValue, int.MaxValue, TestContext.Current.CancellationToken));

        Assert.Equal(StatusCode.InvalidArgument, error.StatusCode);
        Assert.Contains("it takes 0 to 100000", error.Status.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public async Task GetAsync_And_GetStreamingAsync_ReturnTheWholeFixedCollection()
    {
        var ct = TestContext.Current.CancellationToken;
        await using var client = new GrpcTodoClient(fixture.Http2);
        var expected = PayloadGenerator.Todos();

        Assert.Null(PayloadComparer.FirstDifference(expected, await client.GetAsync(ct), PayloadComparer.Todo));
        Assert.Null(PayloadComparer.FirstDifference(expected, await client.GetStreamingAsync(ct), PayloadComparer.Todo));
        Assert.Null(PayloadComparer.Todo(expected[0], await client.FirstAsync(ct)));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(100)]
    public async Task SendAsync_And_SendStreamingAsync_AnswerHowManyItemsArrived(int count)
    {
        var ct = TestContext.Current.CancellationToken;
        await using var client = new GrpcTodoClient(fixture.Http2);
        var items = PayloadGenerator.Todos(count, seed: 7);

        Assert.Equal(count, await client.SendAsync(items, ct));
        Assert.Equal(count, await client.SendStreamingAsync(items, ct));
    }

    [Fact]
    public async Task SendOneAsync_AnswersTheItemsId()
    {
        await using var client = new GrpcTodoClient(fixture.Http2);
        var item = PayloadGenerator.Todos(42)[41];

        Assert.Equal(42, await client.SendOneAsync(item, TestContext.Current.CancellationToken));
    }
}
