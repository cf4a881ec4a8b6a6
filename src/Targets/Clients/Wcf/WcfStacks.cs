using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Wcf;
using PerfAssert.Targets.Services.Wcf.NetTcp;

namespace PerfAssert.Targets.Clients.Wcf;

/// <summary>
/// The WCF stand-ins as client stacks, for a test to loop over: every id names a BCL stand-in, not the real WCF
/// library. HTTP stacks also run in memory; NetTcp needs sockets. Every client also implements
/// <see cref="ITodoClient"/> and <see cref="IDataStreamClient"/> (see <see cref="Clients"/>).
/// </summary>
public static class WcfStacks
{
    /// <summary>Each stand-in with its client, typed as the concrete <see cref="WcfClient"/>.</summary>
    public static IReadOnlyList<(string Id, bool SupportsInMemory, Func<TargetEndpoints, WcfClient> Create)> Clients { get; } =
    [
        ("Wcf.BasicHttp/Text", true, endpoints => new BasicHttpWcfClient(endpoints)),
        ("Wcf.WebHttp/Xml", true, endpoints => new WebHttpWcfClient(endpoints, WebHttpFormat.Xml)),
        ("Wcf.WebHttp/Json", true, endpoints => new WebHttpWcfClient(endpoints, WebHttpFormat.Json)),
        ("Wcf.NetTcp/Tuned", false, endpoints => new NetTcpWcfClient(endpoints, NetTcpSecurity.None)),
        ("Wcf.NetTcp/Default", false, endpoints => new NetTcpWcfClient(endpoints, NetTcpSecurity.Transport)),
    ];

    /// <summary>The echo stacks, shaped like the shared stack catalog.</summary>
    public static IReadOnlyList<EchoStack> Echo { get; } =
        Clients.Select(c => new EchoStack(c.Id, c.SupportsInMemory, c.Create)).ToList();
}
