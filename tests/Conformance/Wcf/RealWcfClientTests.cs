using System.Net;
using System.ServiceModel;
using PerfAssert.Conformance.MessagePack;
using PerfAssert.Targets.Clients.Wcf;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Conformance.Wcf;

/// <summary>
/// The WCF stand-in services against the real .NET WCF client: dotnet/wcf's System.ServiceModel.Primitives, NetTcp and
/// Http (10.1.0 from the registry), the project's own client (<see cref="WcfChannelClient"/>, a ChannelFactory of
/// <see cref="IWcfService"/>) over NetTcpBinding without security and with TLS, and over BasicHttpBinding. Every operation
/// with edge payloads, each answer compared exactly; then the faults WCF's dispatcher answers to a client whose contract
/// disagrees with the service.
/// </summary>
public sealed class RealWcfClientTests(LoopbackTargetsFixture targets) : IClassFixture<LoopbackTargetsFixture>
{
    private static readonly TimeSpan CallTimeout = TimeSpan.FromSeconds(30);

    [Fact]
    public Task RealWcfClient_NetTcpNone_CallsEveryOperationExactly() => AssertEveryOperationExactAsync("Wcf.NetTcp/Tuned");

    [Fact]
    public Task RealWcfClient_NetTcpTransport_CallsEveryOperationExactly() => AssertEveryOperationExactAsync("Wcf.NetTcp/Default");

    [Fact]
    public Task RealWcfClient_BasicHttp_CallsEveryOperationExactly() => AssertEveryOperationExactAsync("Wcf.BasicHttp/Text");

    [Fact]
    public async Task RealWcfClient_NetTcpStringsForInts_FaultsDeserializationFailedAndKeepsTheChannel()
    {
        using var client = new RealWcfClient<IStringsForIntsContract>(NetTcpNone);

        var fault = await Assert.ThrowsAsync<FaultException>(() => Bounded(client.Channel.GetDataStreamAsync("abc", "1")));

        AssertDispatcherFault(fault, sender: true, "DeserializationFailed", "The formatter threw an exception while trying to deserialize the message");
        Assert.Equal(CommunicationState.Opened, client.ClientChannel.State);
        await AssertEchoesAsync(client.Channel.EchoSmallAsync);
    }

    [Fact]
    public async Task RealWcfClient_NetTcpWrongWrapper_FaultsInternalServiceFaultAndTheClientFaultsItsChannel()
    {
        using var client = new RealWcfClient<IWrongWrapperContract>(NetTcpNone);

        var fault = await Assert.ThrowsAsync<FaultException>(() => Bounded(client.Channel.EchoTinyAsync(EdgeItems.Small())));

        AssertDispatcherFault(fault, sender: false, "InternalServiceFault", "The server was unable to process the request due to an internal error");
        // By design WCF's client faults a session channel that received an InternalServiceFault (the service may have lost
        // the session's state): the same channel refuses the next call, a new channel of the same factory is served.
        Assert.Equal(CommunicationState.Faulted, client.ClientChannel.State);
        await Assert.ThrowsAsync<CommunicationObjectFaultedException>(() => Bounded(client.Channel.EchoSmallAsync(EdgeItems.Small())));
        await AssertEchoesAsync(client.NewChannel().EchoSmallAsync);
    }

    [Fact]
    public async Task RealWcfClient_NetTcpUnknownAction_ThrowsActionNotSupportedAndKeepsTheChannel()
    {
        using var client = new RealWcfClient<IUnknownActionContract>(NetTcpNone);

        var refused = await Assert.ThrowsAsync<ActionNotSupportedException>(() => Bounded(client.Channel.NoSuchOperationAsync(1)));

        Assert.Contains("urn:perfassert:targets:2026/IWcfService/NoSuchOperation", refused.Message, StringComparison.Ordinal);
        Assert.Equal(CommunicationState.Opened, client.ClientChannel.State);
        await AssertEchoesAsync(client.Channel.EchoSmallAsync);
    }

    [Fact]
    public async Task RealWcfClient_NetTcpParametersInOtherOrder_ReadAsWcfFormatterReadsThem()
    {
        using var client = new RealWcfClient<IReversedParametersContract>(NetTcpNone);

        // <max>3</max><min>1</min>: WCF's formatter expects min first, so it skips to max and min keeps its default, 0.
        var items = await Bounded(client.Channel.GetDataStreamAsync(max: 3, min: 1));

        Assert.Null(PayloadComparer.FirstDifference(PayloadGenerator.Composite(0, 3), items, PayloadComparer.Composite));
        await AssertEchoesAsync(client.Channel.EchoSmallAsync);
    }

    private async Task AssertEveryOperationExactAsync(string stack)
    {
        var ct = TestContext.Current.CancellationToken;
        await using var client = (WcfChannelClient)WcfStacks.Clients.Single(c => c.Id == stack).Create(targets.Endpoints);

        await AssertEchoesAsync(items => client.EchoSmallAsync(items, ct));
        Assert.Empty(await Bounded(client.EchoSmallAsync([], ct)));
        // Twice: over NetTcp the second message can refer to strings the first added to the session's dictionary ([MC-NBFSE]).
        for (var call = 0; call < 2; call++)
        {
            Assert.Null(PayloadComparer.FirstDifference(EdgeItems.XmlLarge(), await Bounded(client.EchoLargeAsync(EdgeItems.XmlLarge(), ct)), PayloadComparer.Large));
        }

        var small = PayloadGenerator.Small(100);
        Assert.Null(PayloadComparer.FirstDifference(small, await Bounded(client.EchoSmallAsync(small, ct)), PayloadComparer.Small));
        var large = PayloadGenerator.Large(100);
        Assert.Null(PayloadComparer.FirstDifference(PayloadGenerator.Large(100), await Bounded(client.EchoLargeAsync(large, ct)), PayloadComparer.Large));

        foreach (var (min, max) in new[] { (-3, 3), (int.MinValue, int.MinValue + 2), (int.MaxValue - 2, int.MaxValue), (int.MaxValue, int.MaxValue) })
        {
            var stream = await Bounded(client.GetDataStreamAsync(min, max, ct));
            Assert.Null(PayloadComparer.FirstDifference(PayloadGenerator.Composite(min, max), stream, PayloadComparer.Composite, $"GetDataStream({min}, {max})"));
        }

        var todos = await Bounded(client.GetAsync(ct));
        Assert.Equal(PayloadGenerator.TodoCollectionSize, todos.Count);
        Assert.Null(PayloadComparer.FirstDifference(PayloadGenerator.Todos(), todos, PayloadComparer.Todo));
        Assert.Null(PayloadComparer.Todo(todos[0], await Bounded(client.FirstAsync(ct))));
        Assert.Equal(todos.Count, await Bounded(client.SendAsync(todos, ct)));
        Assert.Equal(0, await Bounded(client.SendAsync([], ct)));
        var edgeTodos = EdgeItems.XmlTodos();
        Assert.Equal(edgeTodos.Count, await Bounded(client.SendAsync(edgeTodos, ct)));
        Assert.Equal(int.MaxValue, await Bounded(client.SendOneAsync(edgeTodos[1], ct)));
        Assert.Equal(-2, await Bounded(client.SendOneAsync(edgeTodos[4], ct)));

        // A service fault reaches the caller as a FaultException with WCF's sender code; the session goes on.
        var fault = await Assert.ThrowsAsync<FaultException>(() => Bounded(client.GetDataStreamAsync(5, 1, ct)));
        Assert.True(fault.Code.IsSenderFault, $"code {fault.Code.Name} in {fault.Code.Namespace}");
        Assert.Contains("GetDataStream needs min <= max", fault.Message, StringComparison.Ordinal);
        Assert.Equal(CommunicationState.Opened, client.ChannelState);
        await AssertEchoesAsync(items => client.EchoSmallAsync(items, ct));
    }

    private IPEndPoint NetTcpNone => targets.Endpoints.Tcp[WcfModule.NetTcpTuned];

    /// <summary>The edge Guids, echoed exactly: the check that a channel (still, or again) serves calls.</summary>
    private static async Task AssertEchoesAsync(Func<List<SmallItem>, Task<List<SmallItem>>> echoSmall)
    {
        var small = EdgeItems.Small();
        Assert.Null(PayloadComparer.FirstDifference(EdgeItems.Small(), await Bounded(echoSmall(small)), PayloadComparer.Small));
    }

    /// <summary>A fault WCF's dispatcher answers: its code, its subcode in the dispatcher's namespace, WCF's opening words.</summary>
    private static void AssertDispatcherFault(FaultException fault, bool sender, string subcode, string opening)
    {
        Assert.True(sender ? fault.Code.IsSenderFault : fault.Code.IsReceiverFault, "code " + fault.Code.Name);
        Assert.Equal(subcode, fault.Code.SubCode?.Name);
        Assert.Equal(WcfFaultException.DispatcherNamespace, fault.Code.SubCode?.Namespace);
        Assert.StartsWith(opening, fault.Message, StringComparison.Ordinal);
    }

    private static Task<T> Bounded<T>(Task<T> call) => call.WaitAsync(CallTimeout, TestContext.Current.CancellationToken);
}
