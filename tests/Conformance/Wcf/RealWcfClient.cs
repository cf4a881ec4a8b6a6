using System.IdentityModel.Selectors;
using System.IdentityModel.Tokens;
using System.Security.Cryptography.X509Certificates;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.ServiceModel.Security;
using System.Xml;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Services.Wcf.NetTcp;

namespace PerfAssert.Conformance.Wcf;

// The stand-ins' contract as a WCF user declares it for the real client (dotnet/wcf's System.ServiceModel.*), reusing the
// project's data contracts. Task-returning operations keep their names without "Async", as WCF's contract description does.
[ServiceContract(Name = "IWcfService", Namespace = "urn:perfassert:targets:2026")]
public interface IRealWcfService
{
    [OperationContract] Task<List<SmallItem>> EchoSmallAsync(List<SmallItem> items);
    [OperationContract] Task<List<LargeItem>> EchoLargeAsync(List<LargeItem> items);
    [OperationContract] Task<List<CompositeType>> GetDataStreamAsync(int min, int max);
    [OperationContract] Task<List<TodoItem>> GetTodosAsync();
    [OperationContract] Task<TodoItem> FirstTodoAsync();
    [OperationContract] Task<int> SendTodosAsync(List<TodoItem> items);
    [OperationContract] Task<int> SendTodoAsync(TodoItem item);
}

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

/// <summary>The bindings the tests use, each as a WCF user would configure it against the stand-ins.</summary>
public enum RealWcfBinding
{
    NetTcpNone,
    NetTcpTransport,
    BasicHttp,
}

/// <summary>
/// A real WCF <see cref="ChannelFactory{TChannel}"/> and one opened channel of it. Every timeout is WCF's own (20 s), so no
/// call can hang a test; disposing closes both, or aborts them when closing fails.
/// </summary>
public sealed class RealWcfClient<TContract> : IDisposable
    where TContract : class
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(20);

    private readonly List<IClientChannel> _channels = [];

    public RealWcfClient(RealWcfBinding binding, Uri address)
    {
        ArgumentNullException.ThrowIfNull(address);
        // With TLS the client checks the service's identity against the certificate's name, which is
        // CN=PerfAssert NetTcp stand-in (127.0.0.1 is only an IP SAN, which WCF's DNS identity check does not read).
        var endpoint = binding == RealWcfBinding.NetTcpTransport
            ? new EndpointAddress(address, new DnsEndpointIdentity("PerfAssert NetTcp stand-in"))
            : new EndpointAddress(address);
        Factory = new ChannelFactory<TContract>(CreateBinding(binding), endpoint);
        if (binding == RealWcfBinding.NetTcpTransport)
        {
            // The stand-in's certificate is self-signed: trust exactly this process's one, as its own client does.
            Factory.Credentials.ServiceCertificate.SslCertificateAuthentication = new X509ServiceCertificateAuthentication
            {
                CertificateValidationMode = X509CertificateValidationMode.Custom,
                CustomCertificateValidator = new PinnedCertificateValidator(),
                RevocationMode = X509RevocationMode.NoCheck,
            };
        }

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

    private static Binding CreateBinding(RealWcfBinding binding)
    {
        Binding created;
        if (binding == RealWcfBinding.BasicHttp)
        {
            created = new BasicHttpBinding { MaxReceivedMessageSize = 64 * 1024 * 1024, ReaderQuotas = XmlDictionaryReaderQuotas.Max };
        }
        else
        {
            var netTcp = new NetTcpBinding(binding == RealWcfBinding.NetTcpNone ? SecurityMode.None : SecurityMode.Transport)
            {
                MaxReceivedMessageSize = 64 * 1024 * 1024,
                ReaderQuotas = XmlDictionaryReaderQuotas.Max,
            };
            netTcp.Security.Transport.ClientCredentialType = TcpClientCredentialType.None;
            // dotnet/wcf sizes the socket buffers from ConnectionBufferSize; with its default, 8 KB, Linux advertises a
            // window of about 15 KB and every larger reply stalls ~208 ms on TCP's persist timer (docs/conformance.md).
            var custom = new CustomBinding(netTcp);
            custom.Elements.Find<TcpTransportBindingElement>().ConnectionBufferSize = 65536;
            created = custom;
        }

        created.OpenTimeout = created.SendTimeout = created.ReceiveTimeout = created.CloseTimeout = Timeout;
        return created;
    }

    /// <summary>Accepts only the stand-in certificate this process created (by SHA-256 thumbprint).</summary>
    private sealed class PinnedCertificateValidator : X509CertificateValidator
    {
        public override void Validate(X509Certificate2 certificate)
        {
            if (!NetTcpCertificate.IsPinned(certificate))
            {
                throw new SecurityTokenValidationException("Not the NetTcp stand-in's certificate: " + certificate?.Subject);
            }
        }
    }
}
