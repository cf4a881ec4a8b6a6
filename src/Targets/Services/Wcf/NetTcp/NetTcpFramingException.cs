namespace PerfAssert.Targets.Services.Wcf.NetTcp;

/// <summary>A framing error: the peer broke the record protocol, so the connection ends with a fault record.</summary>
public sealed class NetTcpFramingException : IOException
{
    public NetTcpFramingException(string fault, string message)
        : base($"{message} ({fault})")
    {
        Fault = fault;
    }

    /// <summary>The framing fault string sent to, or received from, the peer.</summary>
    public string Fault { get; }
}
