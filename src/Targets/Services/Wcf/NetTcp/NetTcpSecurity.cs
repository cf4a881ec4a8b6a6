namespace PerfAssert.Targets.Services.Wcf.NetTcp;

/// <summary>The NetTcp stand-in's security mode, the setting the reference found to dominate NetTcp's cost.</summary>
public enum NetTcpSecurity
{
    /// <summary>No security, as the reference's tuned binding (<c>SecurityMode.None</c>).</summary>
    None,

    /// <summary>TLS negotiated through an upgrade record, as NetTcpBinding's default transport security.</summary>
    Transport,
}
