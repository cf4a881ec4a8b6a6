using System.Xml;

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
                // An addressing subcode's prefix is the envelope's; any other declares its namespace on the value, as WCF does.
                writer.WriteStartElement("s", "Subcode", WcfDictionary.Soap12Namespace);
                writer.WriteStartElement("s", "Value", WcfDictionary.Soap12Namespace);
                if (fault.SubcodeNamespace is { } subcodeNamespace)
                {
                    writer.WriteXmlnsAttribute("a", subcodeNamespace);
                }

                writer.WriteString("a:" + fault.Subcode);
                writer.WriteEndElement();
                writer.WriteEndElement();
            }

            writer.WriteEndElement();
            writer.WriteStartElement("s", "Reason", WcfDictionary.Soap12Namespace);
            writer.WriteStartElement("s", "Text", WcfDictionary.Soap12Namespace);
            writer.WriteAttributeString("xml", "lang", XmlNamespace, "en-US");
            writer.WriteString(fault.Message);
            writer.WriteEndElement();
            writer.WriteEndElement();
            return;
        }

        // SOAP 1.1 has no subcodes; like WCF, a specific fault names itself in faultcode, qualified by its own namespace
        // (the dispatcher's) or by the message version's addressing namespace, which without WS-Addressing (BasicHttp) is
        // WCF's "addressing/none".
        writer.WriteStartElement("faultcode", string.Empty);
        if (fault.Subcode is null)
        {
            writer.WriteString(fault.Code switch { WcfFaultCode.Sender => "s:Client", WcfFaultCode.Receiver => "s:Server", _ => "s:" + fault.Code });
        }
        else
        {
            writer.WriteXmlnsAttribute("a", fault.SubcodeNamespace ?? WcfDictionary.AddressingNoneNamespace);
            writer.WriteString("a:" + fault.Subcode);
        }

        writer.WriteEndElement();
        // CoreWCF writes SOAP 1.1's faultstring without xml:lang (SOAP 1.2's Text requires it).
        writer.WriteElementString("faultstring", string.Empty, fault.Message);
    }

    /// <summary>Reads the <c>Fault</c> element the reader is on into the exception a client throws.</summary>
    public static WcfFaultException Read(XmlDictionaryReader reader, SoapVersion version)
    {
        // Read in place rather than as an XElement: a code's prefix may be declared on the envelope (WS-Addressing's "a").
        var codes = new List<(string? Name, string? Namespace)>(2);
        string? reason = null;
        var depth = reader.Depth;
        if (!reader.IsEmptyElement)
        {
            reader.Read();
            while (reader.Depth > depth)
            {
                if (reader.NodeType != XmlNodeType.Element)
                {
                    reader.Read();
                    continue;
                }

                switch (reader.LocalName)
                {
                    case "Value" or "faultcode":
                        codes.Add(ReadQualifiedName(reader));
                        break;
                    case "Text" or "faultstring":
                        reason ??= reader.ReadElementContentAsString();
                        break;
                    case "Code" or "Subcode" or "Reason":
                        reader.Read();
                        break;
                    default:
                        reader.Skip();
                        break;
                }
            }
        }

        reader.Read();
        var code = codes.Count > 0 ? codes[0] : default;
        if (version.Addressing)
        {
            return Create(code.Name, codes.Count > 1 ? codes[1] : default, reason);
        }

        var known = code.Name is "Client" or "Server" or "MustUnderstand";
        return Create(known ? code.Name : "Client", known ? default : code, reason);
    }

    private static WcfFaultException Create(string? code, (string? Name, string? Namespace) subcode, string? reason) =>
        new(code switch { "Server" or "Receiver" => WcfFaultCode.Receiver, "MustUnderstand" => WcfFaultCode.MustUnderstand, _ => WcfFaultCode.Sender }, reason ?? "(no reason given)", subcode.Name, subcode.Namespace);

    /// <summary>A QName-valued element's local name and the namespace its prefix stands for there; leaves the reader after it.</summary>
    private static (string? Name, string? Namespace) ReadQualifiedName(XmlDictionaryReader reader)
    {
        if (reader.IsEmptyElement)
        {
            reader.Read();
            return default;
        }

        reader.Read();
        string? name = null;
        string? ns = null;
        if (reader.NodeType is XmlNodeType.Text or XmlNodeType.Whitespace or XmlNodeType.SignificantWhitespace)
        {
            var value = reader.Value.Trim();
            var colon = value.IndexOf(':', StringComparison.Ordinal);
            name = value[(colon + 1)..];
            ns = reader.LookupNamespace(colon < 0 ? string.Empty : value[..colon]);
        }

        while (reader.NodeType != XmlNodeType.EndElement)
        {
            reader.Skip();
        }

        reader.ReadEndElement();
        return (name, ns);
    }
}
