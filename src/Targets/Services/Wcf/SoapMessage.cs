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

    /// <summary>
    /// Reads up to the first child of <c>Body</c>, or to its end when it is empty; returns the WS-Addressing headers the
    /// envelope has.
    /// </summary>
    public static SoapHeaders ReadToBody(XmlDictionaryReader reader, SoapVersion version)
    {
        reader.MoveToContent();
        if (!reader.IsStartElement(Envelope, version.EnvelopeNamespace))
        {
            // What WCF's message encoder refuses before any dispatch (CoreWCF answers such a request with HTTP 400).
            var what = reader.LocalName == "Envelope" ? $"an envelope of another SOAP version ({reader.NamespaceURI})" : $"<{reader.LocalName}>";
            throw new XmlException($"Expected a {version} envelope, got {what}.");
        }

        reader.ReadStartElement();
        reader.MoveToContent();
        var headers = SoapHeaders.None;
        if (reader.IsStartElement(Header, version.EnvelopeNamespace))
        {
            headers = ReadHeaders(reader, version);
        }

        if (!reader.IsStartElement(Body, version.EnvelopeNamespace))
        {
            throw new XmlException("The envelope has no Body.");
        }

        // An empty Body (<s:Body/>) leaves the reader on the envelope's end, which ReadEnvelopeEnd accepts.
        reader.Read();
        reader.MoveToContent();
        return headers;
    }

    /// <summary>
    /// Reads a request's arguments as WCF's DataContractSerializer operation formatter does: an empty Body or an empty
    /// wrapper leaves every argument at its default; inside the wrapper each element is taken as the next parameter it
    /// names, parameters may be missing (their default) and elements that name none, or name one already passed, are skipped.
    /// </summary>
    /// <exception cref="WcfFaultException">The Body holds another element than the operation's wrapper
    /// (<c>InternalServiceFault</c>, as WCF answers it). Whatever else fails to read throws as the reader or the serializer
    /// threw it; the dispatcher answers it with <c>DeserializationFailed</c>.</exception>
    public static object?[] ReadArguments(XmlDictionaryReader reader, WcfOperation operation)
    {
        var arguments = new object?[operation.Parameters.Count];
        if (reader.IsStartElement() && !reader.IsStartElement(WcfDictionary.Get(operation.Name), Contract))
        {
            throw WcfFaultException.InternalServiceFault($"the Body holds <{reader.LocalName} xmlns=\"{reader.NamespaceURI}\">, where {operation.Name}'s request wrapper <{operation.Name} xmlns=\"{WcfContract.Namespace}\"> was expected (WCF's formatter fails on it outside of a fault, which WCF reports as an internal error).");
        }

        if (reader.IsStartElement())
        {
            ReadWrapper(reader, operation, arguments);
        }

        ReadEnvelopeEnd(reader);

        for (var i = 0; i < arguments.Length; i++)
        {
            if (operation.Parameters[i].Type.IsValueType)
            {
                arguments[i] ??= Activator.CreateInstance(operation.Parameters[i].Type);
            }
        }

        return arguments;
    }

    private static void ReadWrapper(XmlDictionaryReader reader, WcfOperation operation, object?[] arguments)
    {
        if (reader.IsEmptyElement)
        {
            reader.Read();
            return;
        }

        reader.ReadStartElement();
        var next = 0;
        while (reader.MoveToContent() == XmlNodeType.Element)
        {
            var parameter = next;
            // The element test DataContractSerializer.IsStartObject makes, without the reader wrapper it allocates per call.
            while (parameter < arguments.Length && !reader.IsStartElement(WcfDictionary.Get(operation.Parameters[parameter].Name), Contract))
            {
                parameter++;
            }

            if (parameter == arguments.Length)
            {
                reader.Skip();
                continue;
            }

            var (name, type) = operation.Parameters[parameter];
            arguments[parameter] = WcfSerializers.For(type, name).ReadObject(reader)
                ?? (type.IsValueType ? throw new System.Runtime.Serialization.SerializationException($"The {type.Name} parameter '{name}' is nil.") : null);
            next = parameter + 1;
        }

        reader.ReadEndElement();
    }

    /// <summary>
    /// Reads a reply's result, or throws the <see cref="WcfFaultException"/> the reply carries: for the tests that speak
    /// the protocol by hand (the project's clients are WCF's own).
    /// </summary>
    public static object? ReadResult(XmlDictionaryReader reader, SoapVersion version, string operation)
    {
        ReadToBody(reader, version);
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
            else if (!IsUnderstoodWithoutContent(reader, version) && IsMustUnderstand(reader, version))
            {
                throw new WcfFaultException(WcfFaultCode.MustUnderstand, $"The header '{reader.LocalName}' from the namespace '{reader.NamespaceURI}' is marked mustUnderstand, and this {version} endpoint does not understand it, so the message was not processed.");
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

    // ReplyTo and To over WS-Addressing; without it, the Action header WCF (and Mono) put on SOAP 1.1 faults, in the
    // "addressing/none" namespace and marked mustUnderstand.
    private static bool IsUnderstoodWithoutContent(XmlDictionaryReader reader, SoapVersion version) =>
        version.Addressing
            ? reader.IsStartElement(ReplyTo, Addressing) || reader.IsStartElement(To, Addressing)
            : reader.IsStartElement(Action.Value, WcfDictionary.AddressingNoneNamespace);

    private static bool IsMustUnderstand(XmlDictionaryReader reader, SoapVersion version) =>
        reader.GetAttribute(MustUnderstand, version.EnvelopeNamespace) is { } value && (value.Trim() is "1" or "true");

    // Reading to the end makes a truncated envelope fail here rather than pass unnoticed.
    private static void ReadEnvelopeEnd(XmlDictionaryReader reader)
    {
        // At the end of Body, or of the envelope when Body was empty (<s:Body/>); a second element in Body throws here.
        if (reader.MoveToContent() == XmlNodeType.EndElement && reader.IsLocalName(Body))
        {
            reader.ReadEndElement();
            reader.MoveToContent();
        }

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
