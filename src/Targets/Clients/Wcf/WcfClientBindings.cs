using System.IdentityModel.Selectors;
using System.IdentityModel.Tokens;
using System.Security.Cryptography.X509Certificates;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.ServiceModel.Description;
using System.ServiceModel.Dispatcher;
using System.ServiceModel.Security;
using PerfAssert.Targets.Services.Wcf;
using NetTcpSecurity = PerfAssert.Targets.Services.Wcf.NetTcp.NetTcpSecurity;

namespace PerfAssert.Targets.Clients.Wcf;

/// <summary>
/// How the real WCF client (dotnet/wcf's System.ServiceModel.*) is set up against the stand-ins: the bindings and the
/// channel factories, in one place. Everything not named here is WCF's default; each setting here says why it differs.
/// </summary>
public static class WcfClientBindings
{
    /// <summary>
    /// The identity the transport-secured client expects: the stand-in certificate's subject name. WCF's DNS identity
    /// check reads the subject's CN and DNS SANs, and the certificate's only SAN is the IP address 127.0.0.1.
    /// </summary>
    public const string StandInIdentity = "PerfAssert NetTcp stand-in";

    /// <summary>Closing a channel or factory: a peer that is gone must not hold up disposal for long.</summary>
    private static readonly TimeSpan CloseTimeout = TimeSpan.FromSeconds(5);

    /// <summary>BasicHttpBinding (SOAP 1.1 text over HTTP/1.1), able to receive what the stand-ins accept.</summary>
    public static Binding BasicHttp(TimeSpan timeout)
    {
        var binding = new BasicHttpBinding
        {
            // WCF's default, 64 KB, refuses the larger reference replies (Large-1000 as SOAP text is about 2 MB): the
            // client accepts what the stand-in services accept, WcfLimits' 16 MB.
            MaxReceivedMessageSize = WcfLimits.MaxReceivedMessageSize,
        };
        // The default quotas refuse strings over 8 KB and reads over 4 KB; the service's quotas follow the message size.
        WcfLimits.ReaderQuotas.CopyTo(binding.ReaderQuotas);
        return Bounded(binding, timeout);
    }

    /// <summary>NetTcpBinding (binary XML over .NET Message Framing), without security or with TLS.</summary>
    public static Binding NetTcp(NetTcpSecurity security, TimeSpan timeout)
    {
        var netTcp = new NetTcpBinding(security == NetTcpSecurity.None ? SecurityMode.None : SecurityMode.Transport)
        {
            // As for BasicHttp: Large-1000 needs more than the default 64 KB.
            MaxReceivedMessageSize = WcfLimits.MaxReceivedMessageSize,
        };
        WcfLimits.ReaderQuotas.CopyTo(netTcp.ReaderQuotas);
        // TLS with the service's certificate only (application/ssl-tls): the default client credential, Windows, would
        // upgrade with application/negotiate (Kerberos or NTLM), which the stand-in does not speak.
        netTcp.Security.Transport.ClientCredentialType = TcpClientCredentialType.None;
        var binding = new CustomBinding(netTcp);
        // dotnet/wcf's SocketConnection sizes the socket's send and receive buffers from ConnectionBufferSize. With the
        // default, 8 KB, Linux advertises a window of about 15 KB and every larger reply stalls about 200 ms (a multiple
        // for larger ones) on TCP's persist timer; 64 KB removes the stall (docs/conformance.md, commit d685715).
        binding.Elements.Find<TcpTransportBindingElement>().ConnectionBufferSize = 65536;
        return Bounded(binding, timeout);
    }

    /// <summary>
    /// A factory of BasicHttp channels to <paramref name="address"/>; with <paramref name="inMemoryHandler"/> (TestServer's)
    /// the channels send through it instead of a socket.
    /// </summary>
    public static ChannelFactory<TContract> BasicHttpFactory<TContract>(Uri address, TimeSpan timeout, HttpMessageHandler? inMemoryHandler = null)
    {
        var factory = new ChannelFactory<TContract>(BasicHttp(timeout), new EndpointAddress(address));
        if (inMemoryHandler is not null)
        {
            factory.Endpoint.EndpointBehaviors.Add(new InMemoryHttpBehavior(inMemoryHandler));
        }

        return factory;
    }

    /// <summary>
    /// A factory of NetTcp channels to <paramref name="address"/>. With transport security the service's certificate
    /// must pass <paramref name="trust"/>: the stand-in's is self-signed, so no chain could vouch for it.
    /// </summary>
    public static ChannelFactory<TContract> NetTcpFactory<TContract>(Uri address, NetTcpSecurity security, TimeSpan timeout, Func<X509Certificate?, bool> trust)
    {
        ArgumentNullException.ThrowIfNull(trust);
        if (security == NetTcpSecurity.None)
        {
            return new ChannelFactory<TContract>(NetTcp(security, timeout), new EndpointAddress(address));
        }

        var factory = new ChannelFactory<TContract>(NetTcp(security, timeout), new EndpointAddress(address, new DnsEndpointIdentity(StandInIdentity)));
        factory.Credentials.ServiceCertificate.SslCertificateAuthentication = new X509ServiceCertificateAuthentication
        {
            CertificateValidationMode = X509CertificateValidationMode.Custom,
            CustomCertificateValidator = new TrustValidator(trust),
            // A self-signed certificate names no revocation list to check.
            RevocationMode = X509RevocationMode.NoCheck,
        };
        return factory;
    }

    private static Binding Bounded(Binding binding, TimeSpan timeout)
    {
        // Every open and every call is bounded by the caller's limit (SendTimeout is each call's OperationTimeout).
        binding.OpenTimeout = binding.SendTimeout = timeout;
        binding.CloseTimeout = CloseTimeout < timeout ? CloseTimeout : timeout;
        return binding;
    }

    private sealed class TrustValidator(Func<X509Certificate?, bool> trust) : X509CertificateValidator
    {
        public override void Validate(X509Certificate2 certificate)
        {
            if (!trust(certificate))
            {
                throw new SecurityTokenValidationException("Not the NetTcp stand-in's certificate: " + certificate?.Subject);
            }
        }
    }

    /// <summary>
    /// Sends a BasicHttp channel's requests through TestServer's handler, with the hook dotnet/wcf's HttpChannelFactory
    /// offers: a <c>Func&lt;HttpClientHandler, HttpMessageHandler&gt;</c> among the binding parameters, given the handler
    /// it configured and returning the one its <see cref="HttpClient"/> uses.
    /// </summary>
    private sealed class InMemoryHttpBehavior(HttpMessageHandler handler) : IEndpointBehavior
    {
        public void AddBindingParameters(ServiceEndpoint endpoint, BindingParameterCollection bindingParameters) =>
            bindingParameters.Add(new Func<HttpClientHandler, HttpMessageHandler>(configured =>
            {
                configured.Dispose();
                return new SharedHandler(handler);
            }));

        public void ApplyClientBehavior(ServiceEndpoint endpoint, ClientRuntime clientRuntime)
        {
        }

        public void ApplyDispatchBehavior(ServiceEndpoint endpoint, EndpointDispatcher endpointDispatcher)
        {
        }

        public void Validate(ServiceEndpoint endpoint)
        {
        }
    }

    /// <summary>Forwards to the host's handler without disposing it: WCF disposes its HttpClient's handler, the host owns this one.</summary>
    private sealed class SharedHandler(HttpMessageHandler shared) : HttpMessageHandler
    {
        private readonly HttpMessageInvoker _invoker = new(shared, disposeHandler: false);

        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken) =>
            _invoker.SendAsync(request, cancellationToken);
    }
}
