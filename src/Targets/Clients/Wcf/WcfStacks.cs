using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Wcf;
using PerfAssert.Targets.Services.Wcf.NetTcp;

namespace PerfAssert.Targets.Clients.Wcf;

/// <summary>
/// The WCF stacks, for a test to loop over: the real WCF client (<see cref="WcfChannelClient"/>, dotnet/wcf) over
/// BasicHttpBinding and NetTcpBinding, and <see cref="HttpClient"/> for WebHttp, each against a service that is a BCL
/// stand-in for CoreWCF (Services/Wcf). HTTP stacks also run in memory; NetTcp needs sockets. Every client also implements
/// <see cref="ITodoClient"/> and <see cref="IDataStreamClient"/> (see <see cref="Clients"/>).
/// </summary>
public static class WcfStacks
{
    /// <summary>Each stack with its client, typed as <see cref="IWcfClient"/>.</summary>
    public static IReadOnlyList<(string Id, bool SupportsInMemory, Func<TargetEndpoints, IWcfClient> Create)> Clients { get; } =
    [
        ("Wcf.BasicHttp/Text", true, endpoints => WcfChannelClient.BasicHttp(endpoints)),
        ("Wcf.WebHttp/Xml", true, endpoints => new WebHttpWcfClient(endpoints, WebHttpFormat.Xml)),
        ("Wcf.WebHttp/Json", true, endpoints => new WebHttpWcfClient(endpoints, WebHttpFormat.Json)),
        ("Wcf.NetTcp/Tuned", false, endpoints => WcfChannelClient.NetTcp(endpoints, NetTcpSecurity.None)),
        ("Wcf.NetTcp/Default", false, endpoints => WcfChannelClient.NetTcp(endpoints, NetTcpSecurity.Transport)),
    ];

    /// <summary>The echo stacks, shaped like the shared stack catalog.</summary>
    public static IReadOnlyList<EchoStack> Echo { get; } =
        Clients.Select(c => new EchoStack(c.Id, c.SupportsInMemory, c.Create)).ToList();
}
