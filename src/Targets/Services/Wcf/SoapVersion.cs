using System.Xml;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// The two envelope shapes the stand-ins use: SOAP 1.1 without addressing headers (BasicHttpBinding, the action
/// travels in the <c>SOAPAction</c> HTTP header) and SOAP 1.2 with a WS-Addressing <c>Action</c> header (NetTcpBinding).
/// </summary>
public sealed class SoapVersion
{
    private SoapVersion(string name, string envelopeNamespace, bool addressing)
    {
        Name = name;
        EnvelopeNamespace = WcfDictionary.Get(envelopeNamespace);
        Addressing = addressing;
    }

    /// <summary>SOAP 1.1, no addressing: BasicHttpBinding's <c>MessageVersion.Soap11</c>.</summary>
    public static SoapVersion Soap11 { get; } = new("Soap11", WcfDictionary.Soap11Namespace, addressing: false);

    /// <summary>SOAP 1.2 with WS-Addressing 1.0: NetTcpBinding's <c>MessageVersion.Soap12WSAddressing10</c>.</summary>
    public static SoapVersion Soap12WSAddressing10 { get; } = new("Soap12WSAddressing10", WcfDictionary.Soap12Namespace, addressing: true);

    public string Name { get; }

    internal XmlDictionaryString EnvelopeNamespace { get; }

    /// <summary>Whether the envelope carries the action in a WS-Addressing header.</summary>
    public bool Addressing { get; }

    public override string ToString() => Name;
}
