namespace PerfAssert.Targets.Services.Wcf.NetTcp;

/// <summary>
/// Record types of the stand-in's framing. The values follow .NET Message Framing (MC-NMF), which NetTcpBinding
/// speaks, so a packet capture reads the same; only the subset a duplex session with sized envelopes needs is kept.
/// </summary>
internal static class NetTcpRecord
{
    public const byte Version = 0x00;
    public const byte Mode = 0x01;
    public const byte Via = 0x02;
    public const byte KnownEncoding = 0x03;
    public const byte SizedEnvelope = 0x06;
    public const byte End = 0x07;
    public const byte Fault = 0x08;
    public const byte UpgradeRequest = 0x09;
    public const byte UpgradeResponse = 0x0A;
    public const byte PreambleAck = 0x0B;
    public const byte PreambleEnd = 0x0C;

    public const byte MajorVersion = 1;
    public const byte MinorVersion = 0;
    public const byte DuplexMode = 0x02;

    /// <summary>MC-NMF's known encoding for binary XML with an in-band (session) dictionary.</summary>
    public const byte BinarySessionEncoding = 0x08;

    public const string TlsUpgrade = "application/ssl-tls";

    /// <summary>Framing faults, named like MC-NMF's fault strings.</summary>
    public const string FaultPrefix = "http://schemas.microsoft.com/ws/2006/05/framing/faults/";
    public const string UnsupportedVersionFault = FaultPrefix + "UnsupportedVersion";
    public const string UnsupportedModeFault = FaultPrefix + "UnsupportedMode";
    public const string ContentTypeInvalidFault = FaultPrefix + "ContentTypeInvalid";
    public const string MaxMessageSizeExceededFault = FaultPrefix + "MaxMessageSizeExceededFault";
    public const string UpgradeInvalidFault = FaultPrefix + "UpgradeInvalid";
    public const string InvalidRecordFault = FaultPrefix + "InvalidRecord";
    public const string TimeoutFault = FaultPrefix + "Timeout";
}
