namespace PerfAssert.Targets.Services.Wcf.NetTcp;

/// <summary>The NetTcp stand-in's security mode, the setting the reference found to dominate NetTcp's cost.</summary>
public enum NetTcpSecurity
{
    /// <summary>No security, as the reference's tuned binding (<c>SecurityMode.None</c>).</summary>
    None,

    /// <summary>
    /// TLS negotiated through an upgrade record (<c>application/ssl-tls</c>), as NetTcpBinding's transport security does with
    /// a certificate or no client credential. NetTcpBinding's default client credential is Windows, which upgrades with
    /// <c>application/negotiate</c> (Kerberos or NTLM) instead; that one is not re-created here.
    /// </summary>
    Transport,
}
