using System.Runtime.Serialization;
using System.Text;
using System.Xml;
using System.Xml.Schema;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// The BasicHttp endpoint's metadata, shaped as WCF serves it, so WSDL-driven clients (svcutil-style generators, zeep)
/// can call the stand-in: <c>GET /wcf/basic?wsdl</c> and <c>?singleWsdl</c> return one WSDL 1.1 document with every
/// schema inline; <c>?xsd=xsd0</c>, <c>xsd1</c>, ... return the schemas one by one. The data types come from
/// <see cref="XsdDataContractExporter"/>, the exporter WCF itself uses, so they describe exactly what the
/// DataContractSerializer writes; the operations are document/literal with wrapper elements named after the operation
/// (<c>EchoSmall</c>, <c>EchoSmallResponse</c> with <c>EchoSmallResult</c>) and the SOAP actions the endpoint dispatches on.
/// </summary>
public static class BasicHttpMetadata
{
    private const string Wsdl = "http://schemas.xmlsoap.org/wsdl/";
    private const string WsdlSoap = "http://schemas.xmlsoap.org/wsdl/soap/";
    private const string Xsd = "http://www.w3.org/2001/XMLSchema";
    private const string PortName = "BasicHttpBinding_" + WcfContract.Name;

    private static readonly Lazy<IReadOnlyList<XmlSchema>> Schemas = new(Export);

    /// <summary>Answers a GET on the endpoint's address: the metadata a query names, or 400 saying which queries exist.</summary>
    public static Task HandleAsync(HttpContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        var query = context.Request.Query;
        if (query.ContainsKey("wsdl") || query.ContainsKey("singleWsdl"))
        {
            var address = $"{context.Request.Scheme}://{context.Request.Host}{context.Request.PathBase}{BasicHttpEndpoint.Path}";
            return SendXmlAsync(context, writer => WriteWsdl(writer, address));
        }

        if (query.TryGetValue("xsd", out var name) && name.ToString() is { } xsd && xsd.StartsWith("xsd", StringComparison.Ordinal)
            && int.TryParse(xsd.AsSpan(3), System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var index) && index < Schemas.Value.Count)
        {
            return SendXmlAsync(context, writer => Schemas.Value[index].Write(writer));
        }

        return HttpReply.SendTextAsync(context, StatusCodes.Status400BadRequest,
            $"GET {BasicHttpEndpoint.Path} serves metadata: ?wsdl, ?singleWsdl or ?xsd=xsd0 to xsd{Schemas.Value.Count - 1}. Calls are POSTs with a SOAPAction header.");
    }

    private static async Task SendXmlAsync(HttpContext context, Action<XmlWriter> write)
    {
        var buffer = new MemoryStream();
        using (var writer = XmlWriter.Create(buffer, new XmlWriterSettings { Encoding = new UTF8Encoding(false), Indent = true }))
        {
            write(writer);
        }

        context.Response.StatusCode = StatusCodes.Status200OK;
        context.Response.ContentType = "text/xml; charset=UTF-8";
        context.Response.ContentLength = buffer.Length;
        await context.Response.Body.WriteAsync(buffer.GetBuffer().AsMemory(0, (int)buffer.Length), context.RequestAborted).ConfigureAwait(false);
    }

    /// <summary>The data types as WCF exports them, plus the operations' wrapper elements in the contract's schema.</summary>
    private static IReadOnlyList<XmlSchema> Export()
    {
        var exporter = new XsdDataContractExporter();
        var types = WcfContract.Operations.SelectMany(o => WcfContract.ParametersOf(o).Select(p => p.Type).Append(WcfContract.ResultOf(o))).Distinct().ToList();
        foreach (var type in types.Where(t => !t.IsPrimitive))
        {
            exporter.Export(type);
        }

        var schemas = exporter.Schemas.Schemas().Cast<XmlSchema>().Where(s => s.TargetNamespace != Xsd).ToList();
        var contract = schemas.SingleOrDefault(s => s.TargetNamespace == WcfContract.Namespace)
            ?? throw new InvalidOperationException($"The exported schemas have none for the contract namespace {WcfContract.Namespace}.");
        foreach (var operation in WcfContract.Operations)
        {
            contract.Items.Add(Wrapper(operation, WcfContract.ParametersOf(operation).Select(p => (p.Name, p.Type)), exporter));
            contract.Items.Add(Wrapper(operation + "Response", [(operation + "Result", WcfContract.ResultOf(operation))], exporter));
        }

        // The wrappers use the serialization namespace (ser:guid and friends) only through the data types, which import it.
        var set = new XmlSchemaSet();
        foreach (var schema in schemas)
        {
            set.Add(schema);
        }

        set.Compile();
        return schemas;
    }

    private static XmlSchemaElement Wrapper(string name, IEnumerable<(string Name, Type Type)> children, XsdDataContractExporter exporter)
    {
        var sequence = new XmlSchemaSequence();
        foreach (var (childName, type) in children)
        {
            sequence.Items.Add(new XmlSchemaElement
            {
                Name = childName,
                MinOccurs = 0,
                IsNillable = !type.IsValueType,
                SchemaTypeName = exporter.GetSchemaTypeName(type),
            });
        }

        return new XmlSchemaElement { Name = name, SchemaType = new XmlSchemaComplexType { Particle = sequence } };
    }

    private static void WriteWsdl(XmlWriter writer, string address)
    {
        writer.WriteStartElement("wsdl", "definitions", Wsdl);
        writer.WriteAttributeString("name", "WcfService");
        writer.WriteAttributeString("targetNamespace", WcfContract.Namespace);
        writer.WriteAttributeString("xmlns", "tns", null, WcfContract.Namespace);
        writer.WriteAttributeString("xmlns", "soap", null, WsdlSoap);
        writer.WriteAttributeString("xmlns", "xsd", null, Xsd);

        writer.WriteStartElement("types", Wsdl);
        foreach (var schema in Schemas.Value)
        {
            schema.Write(writer);
        }

        writer.WriteEndElement();

        foreach (var operation in WcfContract.Operations)
        {
            foreach (var (suffix, element) in new[] { ("InputMessage", operation), ("OutputMessage", operation + "Response") })
            {
                writer.WriteStartElement("message", Wsdl);
                writer.WriteAttributeString("name", $"{WcfContract.Name}_{operation}_{suffix}");
                writer.WriteStartElement("part", Wsdl);
                writer.WriteAttributeString("name", "parameters");
                writer.WriteAttributeString("element", "tns:" + element);
                writer.WriteEndElement();
                writer.WriteEndElement();
            }
        }

        writer.WriteStartElement("portType", Wsdl);
        writer.WriteAttributeString("name", WcfContract.Name);
        foreach (var operation in WcfContract.Operations)
        {
            writer.WriteStartElement("operation", Wsdl);
            writer.WriteAttributeString("name", operation);
            WriteMessageReference(writer, "input", $"tns:{WcfContract.Name}_{operation}_InputMessage");
            WriteMessageReference(writer, "output", $"tns:{WcfContract.Name}_{operation}_OutputMessage");
            writer.WriteEndElement();
        }

        writer.WriteEndElement();

        writer.WriteStartElement("binding", Wsdl);
        writer.WriteAttributeString("name", PortName);
        writer.WriteAttributeString("type", "tns:" + WcfContract.Name);
        writer.WriteStartElement("soap", "binding", WsdlSoap);
        writer.WriteAttributeString("transport", "http://schemas.xmlsoap.org/soap/http");
        writer.WriteEndElement();
        foreach (var operation in WcfContract.Operations)
        {
            writer.WriteStartElement("operation", Wsdl);
            writer.WriteAttributeString("name", operation);
            writer.WriteStartElement("soap", "operation", WsdlSoap);
            writer.WriteAttributeString("soapAction", WcfContract.ActionPrefix + operation);
            writer.WriteAttributeString("style", "document");
            writer.WriteEndElement();
            foreach (var direction in new[] { "input", "output" })
            {
                writer.WriteStartElement(direction, Wsdl);
                writer.WriteStartElement("soap", "body", WsdlSoap);
                writer.WriteAttributeString("use", "literal");
                writer.WriteEndElement();
                writer.WriteEndElement();
            }

            writer.WriteEndElement();
        }

        writer.WriteEndElement();

        writer.WriteStartElement("service", Wsdl);
        writer.WriteAttributeString("name", "WcfService");
        writer.WriteStartElement("port", Wsdl);
        writer.WriteAttributeString("name", PortName);
        writer.WriteAttributeString("binding", "tns:" + PortName);
        writer.WriteStartElement("soap", "address", WsdlSoap);
        writer.WriteAttributeString("location", address);
        writer.WriteEndElement();
        writer.WriteEndElement();
        writer.WriteEndElement();

        writer.WriteEndElement();
    }

    private static void WriteMessageReference(XmlWriter writer, string direction, string message)
    {
        writer.WriteStartElement(direction, Wsdl);
        writer.WriteAttributeString("message", message);
        writer.WriteEndElement();
    }
}
