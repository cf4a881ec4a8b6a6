using System.Runtime.Serialization;
using System.Xml.Linq;
using System.Xml.Schema;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// The BasicHttp endpoint's WSDL 1.1 documents, laid out as WCF lays them out for a contract whose namespace is not the
/// service's (checked against CoreWCF serving the same contract, docs/conformance.md): the service document in WCF's
/// default service namespace <c>http://tempuri.org/</c> holds the binding and the service and imports the contract
/// document (<c>?wsdl=wsdl0</c>), which holds the messages and the port type and imports the schemas
/// (<c>?xsd=xsd0</c> the contract's namespace, <c>xsd1</c> the serialization namespace, then the rest); the single
/// document (<c>?singleWsdl</c>) merges both into the contract's namespace with every schema inline.
/// </summary>
internal static class BasicHttpWsdl
{
    /// <summary>WCF's default service namespace (<c>ServiceBehaviorAttribute.Namespace</c>).</summary>
    public const string ServiceNamespace = "http://tempuri.org/";

    /// <summary>What the service document calls the contract document in <c>?wsdl=</c>.</summary>
    public const string ContractDocument = "wsdl0";

    private const string ServiceName = "WcfService";
    private const string PortName = "BasicHttpBinding_" + WcfContract.Name;
    private const string SerializationNamespace = "http://schemas.microsoft.com/2003/10/Serialization/";

    private static readonly XNamespace Wsdl = "http://schemas.xmlsoap.org/wsdl/";
    private static readonly XNamespace Soap = "http://schemas.xmlsoap.org/wsdl/soap/";
    private static readonly XNamespace Xsd = "http://www.w3.org/2001/XMLSchema";
    private static readonly XNamespace Wsaw = "http://www.w3.org/2006/05/addressing/wsdl";
    private static readonly Lazy<IReadOnlyList<XElement>> ExportedSchemas = new(Export);

    /// <summary>How many schemas <c>?xsd=xsdN</c> serves.</summary>
    public static int SchemaCount => ExportedSchemas.Value.Count;

    /// <summary><c>?wsdl</c>: the binding and the service in the service namespace, importing the contract document.</summary>
    public static XElement ServiceDescription(string address) =>
        Definitions(ServiceName, ServiceNamespace, new XAttribute(XNamespace.Xmlns + "i0", WcfContract.Namespace),
            new XElement(Wsdl + "import", new XAttribute("namespace", WcfContract.Namespace), new XAttribute("location", $"{address}?wsdl={ContractDocument}")),
            new XElement(Wsdl + "types"),
            Binding("i0"),
            Service(address));

    /// <summary><c>?wsdl=wsdl0</c>: the messages and the port type in the contract namespace, importing every schema by address.</summary>
    public static XElement ContractDescription(string address)
    {
        var imports = new XElement(Xsd + "schema", new XAttribute("targetNamespace", WcfContract.Namespace + "/Imports"),
            ExportedSchemas.Value.Select((schema, index) => new XElement(Xsd + "import",
                new XAttribute("schemaLocation", SchemaAddress(address, index)),
                new XAttribute("namespace", (string)schema.Attribute("targetNamespace")!))));
        return Definitions(null, WcfContract.Namespace, null, new XElement(Wsdl + "types", imports), Messages(), PortType());
    }

    /// <summary><c>?singleWsdl</c>: everything in one document in the contract namespace, the schemas inline.</summary>
    public static XElement SingleDescription(string address) =>
        Definitions(ServiceName, WcfContract.Namespace, null,
            new XElement(Wsdl + "types", ExportedSchemas.Value.Select(s => new XElement(s))),
            Messages(),
            PortType(),
            Binding("tns"),
            Service(address));

    /// <summary><c>?xsd=xsdN</c>: one schema, its imports pointing at the others' addresses.</summary>
    public static XElement Schema(string address, int index)
    {
        var schema = new XElement(ExportedSchemas.Value[index]);
        var namespaces = ExportedSchemas.Value.Select(s => (string?)s.Attribute("targetNamespace")).ToList();
        foreach (var import in schema.Elements(Xsd + "import"))
        {
            var imported = namespaces.IndexOf((string?)import.Attribute("namespace"));
            if (imported >= 0)
            {
                import.SetAttributeValue("schemaLocation", SchemaAddress(address, imported));
            }
        }

        return schema;
    }

    private static string SchemaAddress(string address, int index) => $"{address}?xsd=xsd{index}";

    private static XElement Definitions(string? name, string targetNamespace, XAttribute? extraPrefix, params object[] content) =>
        new(Wsdl + "definitions",
            name is null ? null : new XAttribute("name", name),
            new XAttribute("targetNamespace", targetNamespace),
            new XAttribute(XNamespace.Xmlns + "wsdl", Wsdl),
            new XAttribute(XNamespace.Xmlns + "soap", Soap),
            new XAttribute(XNamespace.Xmlns + "xsd", Xsd),
            new XAttribute(XNamespace.Xmlns + "wsaw", Wsaw),
            new XAttribute(XNamespace.Xmlns + "tns", targetNamespace),
            extraPrefix,
            content);

    private static IEnumerable<XElement> Messages() =>
        from operation in WcfContract.Operations
        from message in new[] { ("InputMessage", operation), ("OutputMessage", operation + "Response") }
        select new XElement(Wsdl + "message", new XAttribute("name", $"{WcfContract.Name}_{operation}_{message.Item1}"),
            new XElement(Wsdl + "part", new XAttribute("name", "parameters"), new XAttribute("element", "tns:" + message.Item2)));

    private static XElement PortType() =>
        new(Wsdl + "portType", new XAttribute("name", WcfContract.Name),
            WcfContract.Operations.Select(operation => new XElement(Wsdl + "operation", new XAttribute("name", operation),
                new XElement(Wsdl + "input", new XAttribute(Wsaw + "Action", WcfContract.ActionPrefix + operation), new XAttribute("message", $"tns:{WcfContract.Name}_{operation}_InputMessage")),
                new XElement(Wsdl + "output", new XAttribute(Wsaw + "Action", WcfContract.ActionPrefix + operation + "Response"), new XAttribute("message", $"tns:{WcfContract.Name}_{operation}_OutputMessage")))));

    private static XElement Binding(string contractPrefix) =>
        new(Wsdl + "binding", new XAttribute("name", PortName), new XAttribute("type", $"{contractPrefix}:{WcfContract.Name}"),
            new XElement(Soap + "binding", new XAttribute("transport", "http://schemas.xmlsoap.org/soap/http")),
            WcfContract.Operations.Select(operation => new XElement(Wsdl + "operation", new XAttribute("name", operation),
                new XElement(Soap + "operation", new XAttribute("soapAction", WcfContract.ActionPrefix + operation), new XAttribute("style", "document")),
                new XElement(Wsdl + "input", new XElement(Soap + "body", new XAttribute("use", "literal"))),
                new XElement(Wsdl + "output", new XElement(Soap + "body", new XAttribute("use", "literal"))))));

    private static XElement Service(string address) =>
        new(Wsdl + "service", new XAttribute("name", ServiceName),
            new XElement(Wsdl + "port", new XAttribute("name", PortName), new XAttribute("binding", "tns:" + PortName),
                new XElement(Soap + "address", new XAttribute("location", address))));

    /// <summary>
    /// The data types as <see cref="XsdDataContractExporter"/>, the exporter WCF itself uses, writes them, plus the
    /// operations' wrapper elements in the contract's schema; ordered as WCF numbers them: the contract's namespace, the
    /// serialization namespace, then the rest.
    /// </summary>
    private static IReadOnlyList<XElement> Export()
    {
        var exporter = new XsdDataContractExporter();
        var types = WcfContract.Operations.SelectMany(o => WcfContract.ParametersOf(o).Select(p => p.Type).Append(WcfContract.ResultOf(o))).Distinct().ToList();
        foreach (var type in types.Where(t => !t.IsPrimitive))
        {
            exporter.Export(type);
        }

        var schemas = exporter.Schemas.Schemas().Cast<XmlSchema>().Where(s => s.TargetNamespace != Xsd.NamespaceName).ToList();
        var contract = schemas.SingleOrDefault(s => s.TargetNamespace == WcfContract.Namespace)
            ?? throw new InvalidOperationException($"The exported schemas have none for the contract namespace {WcfContract.Namespace}.");
        foreach (var operation in WcfContract.Operations)
        {
            contract.Items.Add(Wrapper(operation, WcfContract.ParametersOf(operation).Select(p => (p.Name, p.Type)), exporter));
            contract.Items.Add(Wrapper(operation + "Response", [(operation + "Result", WcfContract.ResultOf(operation))], exporter));
        }

        var set = new XmlSchemaSet();
        schemas.ForEach(s => set.Add(s));
        set.Compile();
        return schemas
            .OrderBy(s => s.TargetNamespace == WcfContract.Namespace ? 0 : s.TargetNamespace == SerializationNamespace ? 1 : 2)
            .ThenBy(s => s.TargetNamespace, StringComparer.Ordinal)
            .Select(ToElement)
            .ToList();
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

    private static XElement ToElement(XmlSchema schema)
    {
        var document = new XDocument();
        using (var writer = document.CreateWriter())
        {
            schema.Write(writer);
        }

        return document.Root!;
    }
}
