namespace PerfAssert.Targets.Clients.Wcf;

/// <summary>
/// A client of every operation of the WCF stand-ins' contract, behind the catalog's three client shapes, so one test can
/// loop over the WCF stacks: <see cref="WcfChannelClient"/> (the real WCF client, BasicHttp and NetTcp) and
/// <see cref="WebHttpWcfClient"/>.
/// </summary>
public interface IWcfClient : IEchoClient, ITodoClient, IDataStreamClient
{
    /// <summary>The stack, for example <c>Wcf.NetTcp/Tuned</c>.</summary>
    new string Name { get; }
}
