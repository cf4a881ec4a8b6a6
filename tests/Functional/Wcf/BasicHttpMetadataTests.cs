using System.Net;
using System.Xml.Linq;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Functional.Wcf;

/// <summary>The BasicHttp endpoint serves its WSDL and schemas as WCF does; a GET without a metadata query says which exist.</summary>
public sealed class BasicHttpMetadataTests(WcfHostsFixture hosts) : IClassFixture<WcfHostsFixture>
{
    private static readonly XNamespace Wsdl = "http://schemas.xmlsoap.org/wsdl/";
    private static readonly XNamespace Soap = "http://schemas.xmlsoap.org/wsdl/soap/";

    [Theory]
    [InlineData("?wsdl")]
    [InlineData("?singleWsdl")]
    public async Task GetWsdl_DescribesEveryOperationWithItsSoapActionAndTheAddress(string query)
    {
        using var http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);

        var text = await http.GetStringAsync(new Uri(BasicHttpEndpoint.Path + query, UriKind.Relative), TestContext.Current.CancellationToken).Within();
        var wsdl = XDocument.Parse(text);

        var operations = wsdl.Root!.Element(Wsdl + "binding")!.Elements(Wsdl + "operation").ToDictionary(o => (string)o.Attribute("name")!, o => (string)o.Element(Soap + "operation")!.Attribute("soapAction")!);
        Assert.Equal(WcfContract.Operations.Order(StringComparer.Ordinal), operations.Keys.Order(StringComparer.Ordinal));
        Assert.All(operations, o => Assert.Equal(WcfContract.ActionPrefix + o.Key, o.Value));
        Assert.Equal(new Uri(hosts.Loopback.Endpoints.Http, BasicHttpEndpoint.Path).ToString(), (string)wsdl.Descendants(Soap + "address").Single().Attribute("location")!);
        Assert.Contains("name=\"ArrayOfLargeItem\"", text, StringComparison.Ordinal);
        Assert.Contains("name=\"EchoLargeResponse\"", text, StringComparison.Ordinal);
    }

    [Fact]
    public async Task GetXsd_ServesEachSchema_AndABareGetSaysWhichQueriesExist()
    {
        using var http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);

        var schema = await http.GetStringAsync(new Uri(BasicHttpEndpoint.Path + "?xsd=xsd0", UriKind.Relative), TestContext.Current.CancellationToken).Within();
        using var bare = await http.GetAsync(new Uri(BasicHttpEndpoint.Path, UriKind.Relative), TestContext.Current.CancellationToken).Within();
        using var missing = await http.GetAsync(new Uri(BasicHttpEndpoint.Path + "?xsd=xsd99", UriKind.Relative), TestContext.Current.CancellationToken).Within();

        Assert.Contains("<xs:schema", schema, StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.BadRequest, bare.StatusCode);
        Assert.Contains("?wsdl", await bare.Content.ReadAsStringAsync(TestContext.Current.CancellationToken), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.BadRequest, missing.StatusCode);
    }
}
