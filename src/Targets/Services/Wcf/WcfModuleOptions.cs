namespace PerfAssert.Targets.Services.Wcf;

/// <summary>Timeouts of the WCF stand-ins' NetTcp listeners, which bound how long a silent peer can hold a connection.</summary>
public sealed record WcfModuleOptions
{
    /// <summary>
    /// How long the preamble, a TLS handshake or the rest of a started frame may take before the connection
    /// is faulted and closed (a truncated frame from a peer that stays connected ends here).
    /// <value>The default is 10 seconds.</value>
    /// </summary>
    public TimeSpan FrameTimeout { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>
    /// How long a connection may sit idle between messages, like WCF's ReceiveTimeout.
    /// <value>The default is 10 minutes, WCF's default.</value>
    /// </summary>
    public TimeSpan IdleTimeout { get; init; } = TimeSpan.FromMinutes(10);
}
