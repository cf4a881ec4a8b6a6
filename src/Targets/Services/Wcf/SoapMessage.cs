using System.Xml;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// Writes and reads the stand-in's SOAP envelopes in WCF's wrapped document/literal shape:
/// <c>Body/{Operation}/{parameter}</c> for requests and <c>Body/{Operation}Response/{Operation}Result</c> for replies,
/// every parameter and result serialized with <see cref="System.Runtime.Serialization.DataContractSerializer"/>.
/// The same code serves text (BasicHttp) and binary (NetTcp) XML, since both are <see cref="XmlDictionaryWriter"/>s.
/// </summary>
internal static class SoapMessage
{
    private static readonly XmlDictionaryString Envelope = WcfDictionary.Get("Envelope");
    private static readonly XmlDictionaryString Header = WcfDictionary.Get("Header");
    private static readonly XmlDictionaryString Body = WcfDictionary.Get("Body");
    private static readonly XmlDictionaryString Fault = WcfDictionary.Get("Fault");
    private static readonly XmlDictionaryString Action = WcfDictionary.Get("Action");
    private static readonly XmlDictionaryString MessageId = WcfDictionary.Get("MessageID");
    private static readonly XmlDictionaryString ReplyTo = WcfDictionary.Get("ReplyTo");
    private static readonly XmlDictionaryString Address = WcfDictionary.Get("Address");
    private static readonly XmlDictionaryString To = WcfDictionary.Get("To");
    private static readonly XmlDictionaryString RelatesTo = WcfDictionary.Get("RelatesTo");
    private static readonly XmlDictionaryString Anonymous = WcfDictionary.Get(WcfDictionary.AnonymousAddress);
    private static readonly XmlDictionaryString MustUnderstand = WcfDictionary.Get("mustUnderstand");
    private static readonly XmlDictionaryString Addressing = WcfDictionary.Get(WcfDictionary.AddressingNamespace);
    private static readonly XmlDictionaryString Contract = WcfDictionary.Get(WcfContract.Namespace);

    /// <summary>
    /// Writes a request. With <paramref name="addressing"/> (SOAP 1.2 only) it carries the headers a WCF client sends on a
    /// session: <c>MessageID</c>, <c>ReplyTo</c> anonymous and <c>To</c>, after the <c>Action</c>; a WCF service needs the
    /// message id to answer a request over a duplex session, and names it in the reply's <c>RelatesTo</c>.
    /// </summary>
    public static void WriteRequest(XmlDictionaryWriter writer, SoapVersion version, string operation, IReadOnlyList<object?> arguments, RequestAddressing? addressing = null)
    {
        var parameters = WcfContract.ParametersOf(operation);
        if (arguments.Count != parameters.Count)
        {
            throw new ArgumentException($"{operation} takes {parameters.Count} arguments, got {arguments.Count}.", nameof(arguments));
        }

        WriteEnvelopeStart(writer, version, WcfDictionary.Get(WcfContract.ActionPrefix + operation), addressing, relatesTo: null);
        writer.WriteStartElement(WcfDictionary.Get(operation), Contract);
        for (var i = 0; i < parameters.Count; i++)
        {
            WcfSerializers.For(parameters[i].Type, parameters[i].Name).WriteObject(writer, arguments[i]);
        }

        writer.WriteEndElement();
        WriteEnvelopeEnd(writer);
    }

    public static void WriteReply(XmlDictionaryWriter writer, SoapVersion version, WcfReply reply)
    {
        if (reply.Fault is not null || reply.Operation is null)
        {
            WriteFault(writer, version, reply.Fault ?? new WcfFaultException(WcfFaultCode.Receiver, "No reply."), reply.RelatesTo);
            return;
        }

        var operation = reply.Operation;
        WriteEnvelopeStart(writer, version, WcfDictionary.Get(operation.Action + "Response"), addressing: null, reply.RelatesTo);
        writer.WriteStartElement(WcfDictionary.Get(operation.ResponseName), Contract);
        WcfSerializers.For(operation.ResultType, operation.ResultName).WriteObject(writer, reply.Result);
        writer.WriteEndElement();
        WriteEnvelopeEnd(writer);
    }

    public static void WriteFault(XmlDictionaryWriter writer, SoapVersion version, WcfFaultException fault, string? relatesTo = null)
    {
        WriteEnvelopeStart(writer, version, WcfDictionary.Get(WcfDictionary.FaultAction), addressing: null, relatesTo);
        writer.WriteStartElement("s", Fault, version.EnvelopeNamespace);
        SoapFault.WriteContent(writer, version, fault);
        writer.WriteEndElement();
        WriteEnvelopeEnd(writer);
    }

    /// <summary>Reads up to the first child of <c>Body</c>; returns the WS-Addressing headers the envelope has.</summary>
    public static SoapHeaders ReadToBody(XmlDictionaryReader reader, SoapVersion version)
    {
        reader.MoveToContent();
        if (!reader.IsStartElement(Envelope, version.EnvelopeNamespace))
        {
            var what = reader.LocalName == "Envelope" ? $"an envelope of another SOAP version ({reader.NamespaceURI})" : $"<{reader.LocalName}>";
            throw new WcfFaultException(WcfFaultCode.Sender, $"Expected a {version} envelope, got {what}.", "VersionMismatch");
        }

        reader.ReadStartElement();
        reader.MoveToContent();
        var headers = SoapHeaders.None;
        if (reader.IsStartElement(Header, version.EnvelopeNamespace))
        {
            headers = ReadHeaders(reader, version);
        }

        if (!reader.IsStartElement(Body, version.EnvelopeNamespace) || reader.IsEmptyElement)
        {
            throw new WcfFaultException(WcfFaultCode.Sender, "The envelope has no Body content.");
        }

        reader.ReadStartElement();
        reader.MoveToContent();
        return headers;
    }

    public static object?[] ReadArguments(XmlDictionaryReader reader, WcfOperation operation)
    {
        if (!reader.IsStartElement(WcfDictionary.Get(operation.Name), Contract))
        {
            throw new WcfFaultException(WcfFaultCode.Sender, $"Expected the body element <{operation.Name} xmlns=\"{WcfContract.Namespace}\">, got <{reader.LocalName} xmlns=\"{reader.NamespaceURI}\">.");
        }

        var arguments = new object?[operation.Parameters.Count];
        if (reader.IsEmptyElement)
        {
            reader.Read();
        }
        else
        {
            reader.ReadStartElement();
            for (var i = 0; i < arguments.Length; i++)
            {
                reader.MoveToContent();
                arguments[i] = WcfSerializers.For(operation.Parameters[i].Type, operation.Parameters[i].Name).ReadObject(reader);
            }

            reader.MoveToContent();
            reader.ReadEndElement();
        }

        for (var i = 0; i < arguments.Length; i++)
        {
            if (arguments[i] is null && operation.Parameters[i].Type.IsValueType)
            {
                throw new WcfFaultException(WcfFaultCode.Sender, $"{operation.Name} is missing its argument '{operation.Parameters[i].Name}'.");
            }
        }

        ReadEnvelopeEnd(reader);
        return arguments;
    }

    /// <summary>
    /// Reads a reply's result, or throws the <see cref="WcfFaultException"/> the reply carries. With
    /// <paramref name="messageId"/> (the request's), the reply must name it in <c>RelatesTo</c>, as WCF's client requires.
    /// </summary>
    /// <exception cref="InvalidDataException">The reply relates to another request, or to none.</exception>
    public static object? ReadResult(XmlDictionaryReader reader, SoapVersion version, string operation, string? messageId = null)
    {
        var headers = ReadToBody(reader, version);
        if (messageId is not null && !string.Equals(headers.RelatesTo, messageId, StringComparison.Ordinal))
        {
            throw new InvalidDataException(headers.RelatesTo is null
                ? $"The reply to {operation} has no RelatesTo header; a WCF client drops such a reply (the request's MessageID was {messageId})."
                : $"The reply to {operation} relates to {headers.RelatesTo}, not to this request's {messageId}.");
        }

        if (reader.IsStartElement(Fault, version.EnvelopeNamespace))
        {
            throw SoapFault.Read(reader, version);
        }

        reader.ReadStartElement(WcfDictionary.Get(operation + "Response"), Contract);
        var result = WcfSerializers.For(WcfContract.ResultOf(operation), operation + "Result").ReadObject(reader);
        reader.MoveToContent();
        reader.ReadEndElement();
        ReadEnvelopeEnd(reader);
        return result;
    }

    private static SoapHeaders ReadHeaders(XmlDictionaryReader reader, SoapVersion version)
    {
        var headers = SoapHeaders.None;
        if (reader.IsEmptyElement)
        {
            reader.Read();
            reader.MoveToContent();
            return headers;
        }

        reader.ReadStartElement();
        while (reader.MoveToContent() == XmlNodeType.Element)
        {
            // ReplyTo and To are understood and need nothing: replies go back on the same connection.
            if (version.Addressing && reader.IsStartElement(Action, Addressing))
            {
                headers = headers with { Action = reader.ReadElementContentAsString() };
            }
            else if (version.Addressing && reader.IsStartElement(MessageId, Addressing))
            {
                headers = headers with { MessageId = reader.ReadElementContentAsString() };
            }
            else if (version.Addressing && reader.IsStartElement(RelatesTo, Addressing))
            {
                headers = headers with { RelatesTo = reader.ReadElementContentAsString() };
            }
            else
            {
                reader.Skip();
            }
        }

        reader.ReadEndElement();
        reader.MoveToContent();
        return headers;
    }

    // Reading to the end makes a truncated envelope fail here rather than pass unnoticed.
    private static void ReadEnvelopeEnd(XmlDictionaryReader reader)
    {
        reader.MoveToContent();
        reader.ReadEndElement();
        reader.MoveToContent();
        reader.ReadEndElement();
        while (reader.Read())
        {
            if (reader.NodeType is XmlNodeType.Element or XmlNodeType.Text)
            {
                throw new XmlException("Content after the end of the envelope.");
            }
        }
    }

    private static void WriteEnvelopeStart(XmlDictionaryWriter writer, SoapVersion version, XmlDictionaryString action, RequestAddressing? addressing, string? relatesTo)
    {
        // No XML declaration, as WCF's text encoder writes none: the content type already says UTF-8.
        writer.WriteStartElement("s", Envelope, version.EnvelopeNamespace);
        if (version.Addressing)
        {
            writer.WriteXmlnsAttribute("a", Addressing);
            writer.WriteStartElement("s", Header, version.EnvelopeNamespace);
            writer.WriteStartElement("a", Action, Addressing);
            WriteMustUnderstand(writer, version);
            writer.WriteString(action);
            writer.WriteEndElement();
            if (addressing is { } request)
            {
                writer.WriteStartElement("a", MessageId, Addressing);
                writer.WriteString(request.MessageId);
                writer.WriteEndElement();
                writer.WriteStartElement("a", ReplyTo, Addressing);
                writer.WriteStartElement("a", Address, Addressing);
                writer.WriteString(Anonymous);
                writer.WriteEndElement();
                writer.WriteEndElement();
                writer.WriteStartElement("a", To, Addressing);
                WriteMustUnderstand(writer, version);
                writer.WriteString(request.To);
                writer.WriteEndElement();
            }

            if (relatesTo is not null)
            {
                writer.WriteStartElement("a", RelatesTo, Addressing);
                writer.WriteString(relatesTo);
                writer.WriteEndElement();
            }

            writer.WriteEndElement();
        }

        writer.WriteStartElement("s", Body, version.EnvelopeNamespace);
    }

    private static void WriteMustUnderstand(XmlDictionaryWriter writer, SoapVersion version)
    {
        writer.WriteStartAttribute("s", MustUnderstand, version.EnvelopeNamespace);
        writer.WriteString("1");
        writer.WriteEndAttribute();
    }

    private static void WriteEnvelopeEnd(XmlDictionaryWriter writer)
    {
        writer.WriteEndElement();
        writer.WriteEndElement();
        writer.Flush();
    }
}
