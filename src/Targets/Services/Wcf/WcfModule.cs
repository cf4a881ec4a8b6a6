using Microsoft.AspNetCore.Connections;
using Microsoft.Extensions.DependencyInjection.Extensions;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Todos;
using PerfAssert.Targets.Services.Wcf.NetTcp;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// The WCF services, each a BCL stand-in for CoreWCF, which the package registry does not serve (docs/dependencies.md):
/// SOAP 1.1 over HTTP (BasicHttpBinding), WebHttp XML and JSON and raw streams (WebHttpBinding), and NetTcp binary XML over
/// MC-NMF-style framing on raw TCP, tuned (no security) and default (TLS transport security). The peers that prove them
/// (docs/conformance.md): the real .NET WCF client (dotnet/wcf's System.ServiceModel.* 10.1.0, the project's own
/// Clients/Wcf), Mono 6.8's System.ServiceModel as client, and python3-zeep for BasicHttp.
/// </summary>
public sealed class WcfModule : ITargetModule
{
    /// <summary>The raw TCP protocol of the NetTcp stand-in without security (the reference's tuned binding).</summary>
    public const string NetTcpTuned = "nettcp-tuned";

    /// <summary>The raw TCP protocol of the NetTcp stand-in with TLS transport security (NetTcpBinding's default).</summary>
    public const string NetTcpDefault = "nettcp-default";

    private readonly WcfModuleOptions _options;

    public WcfModule(WcfModuleOptions? options = null)
    {
        _options = options ?? new WcfModuleOptions();
        TcpProtocols = new Dictionary<string, Action<IConnectionBuilder>>
        {
            [NetTcpTuned] = builder => UseNetTcp(builder, NetTcpSecurity.None),
            [NetTcpDefault] = builder => UseNetTcp(builder, NetTcpSecurity.Transport),
        };
    }

    public string Name => "WCF stand-ins (BCL): SOAP 1.1 text, WebHttp XML/JSON, NetTcp binary";

    public IReadOnlyDictionary<string, Action<IConnectionBuilder>> TcpProtocols { get; }

    public void ConfigureServices(IServiceCollection services)
    {
        // TryAdd: every module that serves todos registers the store, and the first registration wins, so REST, SOAP
        // and gRPC in one host answer from one collection and count into one counter.
        services.TryAddSingleton<TodoStore>();
        services.TryAddSingleton<WcfService>();
        services.TryAddSingleton(TimeProvider.System);
        services.TryAddSingleton<WcfThroughputService>();
    }

    public void MapEndpoints(IEndpointRouteBuilder endpoints)
    {
        endpoints.MapWcfBasicHttp();
        endpoints.MapWcfWebHttp();
        endpoints.MapWcfWebHttpRaw();
    }

    public IEnumerable<string> Describe(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        var operations = string.Join('|', WcfContract.Operations);
        yield return $"POST {endpoints.Http}{BasicHttpEndpoint.Path.TrimStart('/')}  (SOAP 1.1 text/xml, SOAPAction \"{WcfContract.ActionPrefix}{{{operations}}}\")";
        yield return $"POST {endpoints.Http}{WebHttpEndpoints.XmlPrefix.TrimStart('/')}/{{{operations}}}  (application/xml, DataContractSerializer)";
        yield return $"POST {endpoints.Http}{WebHttpEndpoints.JsonPrefix.TrimStart('/')}/{{{operations}}}  (application/json, DataContractJsonSerializer)";
        var raw = endpoints.Http + WebHttpRawEndpoints.Prefix.TrimStart('/');
        yield return $"GET {raw}/time, POST {raw}/echo, POST|PUT {raw}/echo-chunked  (WebHttp raw streams, buffered and streamed: the REST throughput experiment's WCF service)";
        foreach (var protocol in new[] { NetTcpTuned, NetTcpDefault })
        {
            if (endpoints.Tcp.TryGetValue(protocol, out var endpoint))
            {
                yield return $"net.tcp://{endpoint}/  ({protocol}: MC-NMF-style framing, SOAP 1.2 binary XML{(protocol == NetTcpDefault ? ", TLS" : string.Empty)})";
            }
        }
    }

    private void UseNetTcp(IConnectionBuilder builder, NetTcpSecurity security)
    {
        var services = builder.ApplicationServices;
        var handler = new NetTcpConnectionHandler(services.GetRequiredService<WcfService>(), security, _options, services.GetRequiredService<ILogger<NetTcpConnectionHandler>>());
        builder.Run(handler.OnConnectedAsync);
    }
}
