using System.Net;
using System.ServiceModel;
using PerfAssert.Targets.Clients.Wcf;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Services.Wcf.NetTcp;
using NetTcpSecurity = PerfAssert.Targets.Services.Wcf.NetTcp.NetTcpSecurity;

namespace PerfAssert.Conformance.Wcf;

// Contracts that disagree with the stand-in service's (IWcfService, src/Targets/Clients/Wcf): what WCF's dispatcher answers
// to a client declared so is what the stand-in must answer too.

/// <summary>A contract that disagrees with the service's: strings where it takes ints (DeserializationFailed).</summary>
[ServiceContract(Name = "IWcfService", Namespace = "urn:perfassert:targets:2026")]
public interface IStringsForIntsContract
{
    [OperationContract] Task<List<SmallItem>> EchoSmallAsync(List<SmallItem> items);
    [OperationContract] Task<List<CompositeType>> GetDataStreamAsync(string min, string max);
}

/// <summary>EchoSmall's action with another operation's wrapper, EchoTiny (InternalServiceFault).</summary>
[ServiceContract(Name = "IWcfService", Namespace = "urn:perfassert:targets:2026")]
public interface IWrongWrapperContract
{
    [OperationContract] Task<List<SmallItem>> EchoSmallAsync(List<SmallItem> items);

    [OperationContract(Action = "urn:perfassert:targets:2026/IWcfService/EchoSmall", ReplyAction = "urn:perfassert:targets:2026/IWcfService/EchoSmallResponse")]
    Task<List<SmallItem>> EchoTinyAsync(List<SmallItem> items);
}

/// <summary>An operation the service does not have (ActionNotSupported).</summary>
[ServiceContract(Name = "IWcfService", Namespace = "urn:perfassert:targets:2026")]
public interface IUnknownActionContract
{
    [OperationContract] Task<List<SmallItem>> EchoSmallAsync(List<SmallItem> items);
    [OperationContract] Task<int> NoSuchOperationAsync(int value);
}

/// <summary>GetDataStream with its parameters declared the other way round: the wrapper holds max before min.</summary>
[ServiceContract(Name = "IWcfService", Namespace = "urn:perfassert:targets:2026")]
public interface IReversedParametersContract
{
    [OperationContract] Task<List<SmallItem>> EchoSmallAsync(List<SmallItem> items);
    [OperationContract] Task<List<CompositeType>> GetDataStreamAsync(int max, int min);
}

/// <summary>
/// A real WCF <see cref="ChannelFactory{TChannel}"/> of a contract other than the stand-ins' own, set up as the project's
/// client sets up its own (<see cref="WcfClientBindings"/>, NetTcp without security), and its opened channels. Every
/// timeout is WCF's own (20 s), so no call can hang a test; disposing closes both, or aborts them when closing fails.
/// </summary>
public sealed class RealWcfClient<TContract> : IDisposable
    where TContract : class
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(20);

    private readonly List<IClientChannel> _channels = [];

    public RealWcfClient(IPEndPoint endpoint)
    {
        Factory = WcfClientBindings.NetTcpFactory<TContract>(WcfChannelClient.Address(endpoint), NetTcpSecurity.None, Timeout, NetTcpCertificate.IsPinned);
        Channel = NewChannel();
    }

    public ChannelFactory<TContract> Factory { get; }

    /// <summary>The first channel, opened.</summary>
    public TContract Channel { get; }

    /// <summary>The first channel as WCF's communication object (state, close, abort).</summary>
    public IClientChannel ClientChannel => (IClientChannel)Channel;

    /// <summary>Creates and opens another channel of the same factory.</summary>
    public TContract NewChannel()
    {
        var channel = Factory.CreateChannel();
        var client = (IClientChannel)channel;
        _channels.Add(client);
        client.Open(Timeout);
        return channel;
    }

    public void Dispose()
    {
        foreach (var channel in _channels)
        {
            Close(channel);
        }

        Close(Factory);
    }

    private static void Close(ICommunicationObject communication)
    {
        try
        {
            if (communication.State == CommunicationState.Opened)
            {
                communication.Close(TimeSpan.FromSeconds(5));
            }
            else
            {
                communication.Abort();
            }
        }
        catch (Exception ex) when (ex is CommunicationException or TimeoutException or InvalidOperationException)
        {
            communication.Abort();
        }
    }
}
