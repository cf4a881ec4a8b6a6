using System.Xml;
using System.Xml.Linq;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>The content of a SOAP 1.1 or SOAP 1.2 <c>Fault</c> element, written and parsed the way WCF shapes it.</summary>
internal static class SoapFault
{
    private const string XmlNamespace = "http://www.w3.org/XML/1998/namespace";

    public static void WriteContent(XmlDictionaryWriter writer, SoapVersion version, WcfFaultException fault)
    {
        if (version.Addressing)
        {
            writer.WriteStartElement("s", "Code", WcfDictionary.Soap12Namespace);
            writer.WriteElementString("s", "Value", WcfDictionary.Soap12Namespace, "s:" + fault.Code);
            if (fault.Subcode is not null)
            {
                writer.WriteStartElement("s", "Subcode", WcfDictionary.Soap12Namespace);
                writer.WriteElementString("s", "Value", WcfDictionary.Soap12Namespace, "a:" + fault.Subcode);
                writer.WriteEndElement();
            }

            writer.WriteEndElement();
            writer.WriteStartElement("s", "Reason", WcfDictionary.Soap12Namespace);
            WriteText(writer, "s", "Text", WcfDictionary.Soap12Namespace, fault.Message);
            writer.WriteEndElement();
            return;
        }

        // SOAP 1.1 has no subcodes; like WCF, a specific fault names itself in faultcode, qualified by the message version's
        // addressing namespace, which without WS-Addressing (BasicHttp) is WCF's "addressing/none".
        writer.WriteStartElement("faultcode", string.Empty);
        if (fault.Subcode is null)
        {
            writer.WriteString(fault.Code == WcfFaultCode.Sender ? "s:Client" : "s:Server");
        }
        else
        {
            writer.WriteXmlnsAttribute("a", WcfDictionary.AddressingNoneNamespace);
            writer.WriteString("a:" + fault.Subcode);
        }

        writer.WriteEndElement();
        WriteText(writer, null, "faultstring", string.Empty, fault.Message);
    }

    /// <summary>Reads the <c>Fault</c> element the reader is on into the exception a client throws.</summary>
    public static WcfFaultException Read(XmlDictionaryReader reader, SoapVersion version)
    {
        var fault = (XElement)XNode.ReadFrom(reader);
        if (version.Addressing)
        {
            XNamespace s = WcfDictionary.Soap12Namespace;
            var code = fault.Element(s + "Code");
            return Create(
                LocalPart(code?.Element(s + "Value")?.Value),
                LocalPart(code?.Element(s + "Subcode")?.Element(s + "Value")?.Value),
                fault.Element(s + "Reason")?.Element(s + "Text")?.Value);
        }

        var faultCode = LocalPart(fault.Element("faultcode")?.Value);
        var known = faultCode is "Client" or "Server";
        return Create(known ? faultCode : "Client", known ? null : faultCode, fault.Element("faultstring")?.Value);
    }

    private static WcfFaultException Create(string? code, string? subcode, string? reason) =>
        new(code is "Server" or "Receiver" ? WcfFaultCode.Receiver : WcfFaultCode.Sender, reason ?? "(no reason given)", subcode);

    private static string? LocalPart(string? qualifiedName) => qualifiedName?[(qualifiedName.IndexOf(':', StringComparison.Ordinal) + 1)..];

    private static void WriteText(XmlDictionaryWriter writer, string? prefix, string name, string ns, string text)
    {
        writer.WriteStartElement(prefix, name, ns);
        writer.WriteAttributeString("xml", "lang", XmlNamespace, "en-US");
        writer.WriteString(text);
        writer.WriteEndElement();
    }
}
