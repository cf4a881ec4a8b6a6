using System.Net;
using System.Xml.Linq;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Functional.Wcf;

/// <summary>
/// The BasicHttp endpoint serves its metadata as WCF does for a contract outside the service namespace: <c>?wsdl</c> in
/// <c>http://tempuri.org/</c> imports the contract document <c>?wsdl=wsdl0</c>, which imports the schemas
/// <c>?xsd=xsd0..2</c>; <c>?singleWsdl</c> holds all of it. A bare GET gets a help page, a wrong query 400.
/// </summary>
public sealed class BasicHttpMetadataTests(WcfHostsFixture hosts) : IClassFixture<WcfHostsFixture>, IDisposable
{
    private static readonly XNamespace Wsdl = "http://schemas.xmlsoap.org/wsdl/";
    private static readonly XNamespace Soap = "http://schemas.xmlsoap.org/wsdl/soap/";
    private static readonly XNamespace Xsd = "http://www.w3.org/2001/XMLSchema";
    private static readonly XNamespace Wsaw = "http://www.w3.org/2006/05/addressing/wsdl";

    // One client per test: a WSDL-driven client reads all the documents over one connection.
    private readonly HttpClient _http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);

    private string Address => new Uri(hosts.Loopback.Endpoints.Http, BasicHttpEndpoint.Path).ToString();

    [Fact]
    public async Task GetWsdl_ServiceDocumentInTempuri_ImportsTheContractDocument()
    {
        var wsdl = await GetXmlAsync("?wsdl");

        Assert.Equal("http://tempuri.org/", (string?)wsdl.Attribute("targetNamespace"));
        var import = Assert.Single(wsdl.Elements(Wsdl + "import"));
        Assert.Equal(WcfContract.Namespace, (string?)import.Attribute("namespace"));
        Assert.Equal(Address + "?wsdl=wsdl0", (string?)import.Attribute("location"));
        Assert.Empty(wsdl.Elements(Wsdl + "portType"));
        var binding = wsdl.Element(Wsdl + "binding")!;
        Assert.Equal(XName.Get(WcfContract.Name, WcfContract.Namespace), Resolve(binding, (string)binding.Attribute("type")!));
    }

    [Fact]
    public async Task GetContractDocument_HasThePortTypeWithWcfActions_AndImportsEverySchemaByAddress()
    {
        var contract = await GetXmlAsync("?wsdl=wsdl0");

        Assert.Equal(WcfContract.Namespace, (string?)contract.Attribute("targetNamespace"));
        Assert.Empty(contract.Elements(Wsdl + "binding"));
        var operations = contract.Element(Wsdl + "portType")!.Elements(Wsdl + "operation").ToList();
        Assert.Equal(WcfContract.Operations, operations.Select(o => (string)o.Attribute("name")!));
        Assert.All(operations, o =>
        {
            Assert.Equal(WcfContract.ActionPrefix + (string)o.Attribute("name")!, (string?)o.Element(Wsdl + "input")!.Attribute(Wsaw + "Action"));
            Assert.Equal(WcfContract.ActionPrefix + (string)o.Attribute("name")! + "Response", (string?)o.Element(Wsdl + "output")!.Attribute(Wsaw + "Action"));
        });
        var imports = contract.Element(Wsdl + "types")!.Element(Xsd + "schema")!.Elements(Xsd + "import")
            .Select(i => ((string?)i.Attribute("schemaLocation"), (string?)i.Attribute("namespace")));
        Assert.Equal(
            [(Address + "?xsd=xsd0", WcfContract.Namespace), (Address + "?xsd=xsd1", "http://schemas.microsoft.com/2003/10/Serialization/"), (Address + "?xsd=xsd2", "http://schemas.datacontract.org/2004/07/System")],
            imports);
    }

    [Theory]
    [InlineData("?wsdl", 5)]
    [InlineData("?singleWsdl", 1)]
    public async Task GetWsdl_FollowingItsImports_DescribesEveryOperationWithItsSoapActionAndTheAddress(string query, int documents)
    {
        var read = await ReadWithImportsAsync(query);

        Assert.Equal(documents, read.Count);
        var binding = read.Values.Select(d => d.Element(Wsdl + "binding")).Single(b => b is not null)!;
        var actions = binding.Elements(Wsdl + "operation").ToDictionary(o => (string)o.Attribute("name")!, o => (string)o.Element(Soap + "operation")!.Attribute("soapAction")!);
        Assert.Equal(WcfContract.Operations.Order(StringComparer.Ordinal), actions.Keys.Order(StringComparer.Ordinal));
        Assert.All(actions, o => Assert.Equal(WcfContract.ActionPrefix + o.Key, o.Value));
        Assert.Equal(Address, (string)read.Values.SelectMany(d => d.Descendants(Soap + "address")).Single().Attribute("location")!);
        var defined = read.Values.SelectMany(d => d.DescendantsAndSelf(Xsd + "schema")).SelectMany(s => s.Elements()).Select(e => (string?)e.Attribute("name")).ToHashSet();
        Assert.Contains("ArrayOfLargeItem", defined);
        Assert.Contains("EchoLargeResponse", defined);
        Assert.Contains("DateTimeOffset", defined);
        Assert.Contains("guid", defined);
    }

    [Fact]
    public async Task GetXsd_ImportsPointAtTheOtherSchemas()
    {
        var xsd0 = await GetXmlAsync("?xsd=xsd0");
        var xsd2 = await GetXmlAsync("?xsd=xsd2");

        Assert.Equal(WcfContract.Namespace, (string?)xsd0.Attribute("targetNamespace"));
        Assert.Equal([Address + "?xsd=xsd1", Address + "?xsd=xsd2"], xsd0.Elements(Xsd + "import").Select(i => (string?)i.Attribute("schemaLocation")));
        Assert.Equal([Address + "?xsd=xsd1"], xsd2.Elements(Xsd + "import").Select(i => (string?)i.Attribute("schemaLocation")));
    }

    [Fact]
    public async Task Get_WithoutQuery_AnswersAHelpPage_AndAnUnknownDocumentGets400NamingTheOnesThatExist()
    {
        using var bare = await _http.GetAsync(new Uri(BasicHttpEndpoint.Path, UriKind.Relative), TestContext.Current.CancellationToken).Within();
        using var schema = await _http.GetAsync(new Uri(BasicHttpEndpoint.Path + "?xsd=xsd3", UriKind.Relative), TestContext.Current.CancellationToken).Within();
        using var wsdl = await _http.GetAsync(new Uri(BasicHttpEndpoint.Path + "?wsdl=wsdl1", UriKind.Relative), TestContext.Current.CancellationToken).Within();

        Assert.Equal(HttpStatusCode.OK, bare.StatusCode);
        Assert.Equal("text/html", bare.Content.Headers.ContentType?.MediaType);
        Assert.Contains($"href=\"{Address}?wsdl\"", await bare.Content.ReadAsStringAsync(TestContext.Current.CancellationToken), StringComparison.Ordinal);
        foreach (var wrong in new[] { schema, wsdl })
        {
            Assert.Equal(HttpStatusCode.BadRequest, wrong.StatusCode);
            Assert.Contains("?wsdl, ?wsdl=wsdl0, ?singleWsdl and ?xsd=xsd0 to xsd2", await wrong.Content.ReadAsStringAsync(TestContext.Current.CancellationToken), StringComparison.Ordinal);
        }
    }

    private static XName Resolve(XElement context, string qualifiedName)
    {
        var colon = qualifiedName.IndexOf(':', StringComparison.Ordinal);
        return context.GetNamespaceOfPrefix(qualifiedName[..colon])! + qualifiedName[(colon + 1)..];
    }

    /// <summary>Reads a document and every document it imports by location, as a WSDL-driven client does.</summary>
    private async Task<Dictionary<string, XElement>> ReadWithImportsAsync(string query)
    {
        var read = new Dictionary<string, XElement>(StringComparer.Ordinal);
        var pending = new Queue<string>([Address + query]);
        while (pending.TryDequeue(out var location))
        {
            if (read.ContainsKey(location))
            {
                continue;
            }

            var document = await GetXmlAsync(location[Address.Length..]);
            read[location] = document;
            foreach (var next in document.Descendants(Wsdl + "import").Select(i => (string?)i.Attribute("location"))
                .Concat(document.Descendants(Xsd + "import").Select(i => (string?)i.Attribute("schemaLocation"))))
            {
                if (next is not null)
                {
                    pending.Enqueue(next);
                }
            }
        }

        return read;
    }

    private async Task<XElement> GetXmlAsync(string query)
    {
        using var response = await _http.GetAsync(new Uri(BasicHttpEndpoint.Path + query, UriKind.Relative), TestContext.Current.CancellationToken).Within();
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("text/xml; charset=UTF-8", response.Content.Headers.ContentType?.ToString());
        return XElement.Parse(await response.Content.ReadAsStringAsync(TestContext.Current.CancellationToken).Within());
    }

    public void Dispose() => _http.Dispose();
}
