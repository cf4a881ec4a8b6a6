using PerfAssert.Targets.Clients.Wcf;
using PerfAssert.Targets.Contracts;

namespace PerfAssert.Functional.Wcf;

public sealed class WcfRoundTripTests(WcfHostsFixture hosts) : IClassFixture<WcfHostsFixture>
{
    [Theory]
    [MemberData(nameof(WcfHostsFixture.AllStacks), MemberType = typeof(WcfHostsFixture))]
    public async Task EchoSmallAndLarge_OverLoopback_RoundTripExactly(string stack)
    {
        await using var client = hosts.Create(stack);
        await AssertEchoesAsync(client);
    }

    [Theory]
    [MemberData(nameof(WcfHostsFixture.HttpStacks), MemberType = typeof(WcfHostsFixture))]
    public async Task EchoSmallAndLarge_InMemory_RoundTripExactly(string stack)
    {
        await using var client = hosts.Create(stack, inMemory: true);
        await AssertEchoesAsync(client);
    }

    [Theory]
    [InlineData("Wcf.BasicHttp/Text")]
    [InlineData("Wcf.NetTcp/Tuned")]
    [InlineData("Wcf.NetTcp/Default")]
    public async Task EchoLarge_Thousand_FitsTheWcfClientsLimits(string stack)
    {
        // About 2 MB as SOAP text: far over the WCF client's default MaxReceivedMessageSize (64 KB), which would refuse it.
        await using var client = hosts.Create(stack);
        var items = PayloadGenerator.Large(1000);

        var reply = await client.EchoLargeAsync(items, TestContext.Current.CancellationToken).Within();

        Assert.Null(PayloadComparer.FirstDifference(items, reply, PayloadComparer.Large));
    }

    [Theory]
    [MemberData(nameof(WcfHostsFixture.AllStacks), MemberType = typeof(WcfHostsFixture))]
    public async Task GetDataStream_0To42_ReturnsTheReferenceList(string stack)
    {
        await using var client = hosts.Create(stack);

        var items = await client.GetDataStreamAsync(0, 42, TestContext.Current.CancellationToken).Within();

        Assert.Null(PayloadComparer.FirstDifference(PayloadGenerator.Composite(0, 42), items, PayloadComparer.Composite));
        Assert.Equal(903, items.Sum(i => i.IntValue));
    }

    [Theory]
    [MemberData(nameof(WcfHostsFixture.AllStacks), MemberType = typeof(WcfHostsFixture))]
    public async Task GetDataStream_RangesAtIntMaxAndMin_EndAndReturnEachValue(string stack)
    {
        // An int loop variable would wrap at int.MaxValue and never end (found by Mono's WCF client, issue 14).
        await using var client = hosts.Create(stack);
        var ct = TestContext.Current.CancellationToken;

        var top = await client.GetDataStreamAsync(int.MaxValue - 1, int.MaxValue, ct).Within();
        var bottom = await client.GetDataStreamAsync(int.MinValue, int.MinValue, ct).Within();

        Assert.Equal([int.MaxValue - 1, int.MaxValue], top.Select(i => i.IntValue));
        Assert.Equal(int.MinValue, Assert.Single(bottom).IntValue);
    }

    [Theory]
    [MemberData(nameof(WcfHostsFixture.AllStacks), MemberType = typeof(WcfHostsFixture))]
    public async Task TodoOperations_OverLoopback_ServeTheFixedCollection(string stack)
    {
        var ct = TestContext.Current.CancellationToken;
        await using var client = hosts.Create(stack);
        var expected = PayloadGenerator.Todos();

        var all = await client.GetAsync(ct).Within();
        var first = await client.FirstAsync(ct).Within();
        var sent = await client.SendAsync(expected.Take(100).ToList(), ct).Within();
        var sentOne = await client.SendOneAsync(expected[41], ct).Within();

        Assert.Null(PayloadComparer.FirstDifference(expected, all, PayloadComparer.Todo));
        Assert.Null(PayloadComparer.Todo(expected[0], first));
        Assert.Equal(100, sent);
        Assert.Equal(42, sentOne);
    }

    [Theory]
    [MemberData(nameof(WcfHostsFixture.AllStacks), MemberType = typeof(WcfHostsFixture))]
    public async Task Calls_ConcurrentOnOneClient_AllSucceed(string stack)
    {
        var ct = TestContext.Current.CancellationToken;
        await using var client = hosts.Create(stack);
        var payloads = Enumerable.Range(1, 8).Select(seed => PayloadGenerator.Small(10, seed)).ToList();

        var replies = await Task.WhenAll(payloads.Select(p => client.EchoSmallAsync(p, ct))).Within();

        for (var i = 0; i < payloads.Count; i++)
        {
            Assert.Null(PayloadComparer.FirstDifference(payloads[i], replies[i], PayloadComparer.Small));
        }
    }

    private static async Task AssertEchoesAsync(IWcfClient client)
    {
        var ct = TestContext.Current.CancellationToken;
        foreach (var count in new[] { 0, 1, 100 })
        {
            var small = PayloadGenerator.Small(count, seed: count + 1);
            var large = PayloadGenerator.Large(count, seed: count + 1);

            var smallReply = await client.EchoSmallAsync(small, ct).Within();
            var largeReply = await client.EchoLargeAsync(large, ct).Within();

            Assert.True(PayloadComparer.FirstDifference(small, smallReply, PayloadComparer.Small) is null, $"{client.Name} Small-{count}: {PayloadComparer.FirstDifference(small, smallReply, PayloadComparer.Small)}");
            Assert.True(PayloadComparer.FirstDifference(large, largeReply, PayloadComparer.Large) is null, $"{client.Name} Large-{count}: {PayloadComparer.FirstDifference(large, largeReply, PayloadComparer.Large)}");
        }
    }
}
