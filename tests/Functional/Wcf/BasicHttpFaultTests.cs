using System.Net;
using System.Text;
using System.Xml;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Functional.Wcf;

public sealed class BasicHttpFaultTests(WcfHostsFixture hosts) : IClassFixture<WcfHostsFixture>
{
    private const string TextXml = "text/xml; charset=utf-8";
    private const string EchoSmallAction = WcfContract.ActionPrefix + WcfContract.EchoSmall;

    [Fact]
    public async Task Post_ValidEnvelope_AnswersWcfShapedWrappedResponse()
    {
        using var http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);
        var body = Envelope($"<GetDataStream xmlns=\"{WcfContract.Namespace}\"><min>1</min><max>2</max></GetDataStream>");

        using var response = await PostAsync(http, WcfContract.ActionPrefix + WcfContract.GetDataStream, body);
        var text = await response.Content.ReadAsStringAsync(TestContext.Current.CancellationToken).Within();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(TextXml, response.Content.Headers.ContentType?.ToString());
        Assert.StartsWith("<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><GetDataStreamResponse", text, StringComparison.Ordinal);
        Assert.Contains("<GetDataStreamResult", text, StringComparison.Ordinal);
        Assert.Contains("<IntValue>2</IntValue>", text, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Post_UnknownSoapAction_Returns500ActionNotSupportedFaultAndKeepsServing()
    {
        using var http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);

        using var response = await PostAsync(http, "urn:no-such-action", Envelope("<Nothing/>"));
        var text = await response.Content.ReadAsStringAsync(TestContext.Current.CancellationToken).Within();

        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        Assert.Contains("<s:Fault><faultcode", text, StringComparison.Ordinal);
        // As WCF writes it for BasicHttpBinding (SOAP 1.1, no WS-Addressing): the code in the addressing/none namespace.
        Assert.Contains("<faultcode xmlns:a=\"http://schemas.microsoft.com/ws/2005/05/addressing/none\">a:ActionNotSupported</faultcode>", text, StringComparison.Ordinal);
        Assert.Contains("The message with Action 'urn:no-such-action' cannot be processed at the receiver, due to a ContractFilter mismatch at the EndpointDispatcher", text, StringComparison.Ordinal);
        await AssertStillServesAsync(http);
    }

    [Fact]
    public async Task Post_NotXml_Returns400FaultAndKeepsServing()
    {
        using var http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);

        using var response = await PostAsync(http, EchoSmallAction, "this is not XML at all");

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Contains("s:Client", await response.Content.ReadAsStringAsync(TestContext.Current.CancellationToken).Within(), StringComparison.Ordinal);
        await AssertStillServesAsync(http);
    }

    [Fact]
    public async Task Post_EnvelopeTruncatedInItsHeaders_Returns400AndKeepsServing()
    {
        using var http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);

        using var response = await PostAsync(http, EchoSmallAction, "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Header><a");

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        await AssertStillServesAsync(http);
    }

    // As CoreWCF answers (checked against it, docs/conformance.md): from the Body on, the formatter reads, and what it
    // cannot read is a DeserializationFailed fault in the dispatcher's namespace, with HTTP 500.
    [Theory]
    [InlineData("truncated")]
    [InlineData("<EchoSmall xmlns=\"urn:perfassert:targets:2026\"><items><SmallItem><Id>not-a-guid</Id></SmallItem></items></EchoSmall>")]
    [InlineData("<EchoSmall xmlns=\"urn:perfassert:targets:2026\">text<items/></EchoSmall>")]
    [InlineData("<EchoSmall xmlns=\"urn:perfassert:targets:2026\"><items/></EchoSmall><EchoSmall xmlns=\"urn:perfassert:targets:2026\"/>")]
    public async Task Post_BodyTheFormatterCannotRead_Returns500DeserializationFailedAndKeepsServing(string body)
    {
        using var http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);
        var whole = RequestEnvelope(WcfContract.EchoSmall, PayloadGenerator.Small(10));

        using var response = await PostAsync(http, EchoSmallAction, body == "truncated" ? whole[..(whole.Length / 2)] : Envelope(body));
        var text = await response.Content.ReadAsStringAsync(TestContext.Current.CancellationToken).Within();

        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        Assert.Contains($"<faultcode xmlns:a=\"{WcfFaultException.DispatcherNamespace}\">a:DeserializationFailed</faultcode><faultstring>The formatter threw an exception while trying to deserialize the message: the request body of EchoSmall could not be read: ", text, StringComparison.Ordinal);
        await AssertStillServesAsync(http);
    }

    [Fact]
    public async Task Post_BodyIsNotTheOperationsWrapper_Returns500InternalServiceFaultNamingIt()
    {
        using var http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);

        using var response = await PostAsync(http, EchoSmallAction, Envelope("<EchoLarge xmlns=\"urn:perfassert:targets:2026\"/>"));
        var text = await response.Content.ReadAsStringAsync(TestContext.Current.CancellationToken).Within();

        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        Assert.Contains($"<faultcode xmlns:a=\"{WcfFaultException.DispatcherNamespace}\">a:InternalServiceFault</faultcode>", text, StringComparison.Ordinal);
        Assert.Contains("the Body holds &lt;EchoLarge xmlns=\"urn:perfassert:targets:2026\"&gt;, where EchoSmall's request wrapper", text, StringComparison.Ordinal);
        await AssertStillServesAsync(http);
    }

    // WCF's formatter takes each element as the next parameter it names: a missing one keeps its default, one that names
    // no parameter (or one already passed) is skipped, and an empty Body or wrapper leaves every argument at its default.
    [Theory]
    [InlineData("<GetDataStream xmlns=\"urn:perfassert:targets:2026\"><min>1</min><max>3</max></GetDataStream>", "1,2,3")]
    [InlineData("<GetDataStream xmlns=\"urn:perfassert:targets:2026\"><x>9</x><min>1</min><x/><max>3</max><x/></GetDataStream>", "1,2,3")]
    [InlineData("<GetDataStream xmlns=\"urn:perfassert:targets:2026\"><max>2</max><min>1</min></GetDataStream>", "0,1,2")]
    [InlineData("<GetDataStream xmlns=\"urn:perfassert:targets:2026\"><min>1</min><min>0</min><max>2</max></GetDataStream>", "1,2")]
    [InlineData("<GetDataStream xmlns=\"urn:perfassert:targets:2026\"><min xmlns=\"urn:other\">1</min><max>1</max></GetDataStream>", "0,1")]
    [InlineData("<GetDataStream xmlns=\"urn:perfassert:targets:2026\"/>", "0")]
    [InlineData("", "0")]
    public async Task Post_WrapperWithMissingUnknownOrReorderedElements_ReadsThemAsWcfsFormatterDoes(string body, string expected)
    {
        using var http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);

        using var response = await PostAsync(http, WcfContract.ActionPrefix + WcfContract.GetDataStream, Envelope(body));
        var text = await response.Content.ReadAsStringAsync(TestContext.Current.CancellationToken).Within();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var values = System.Text.RegularExpressions.Regex.Matches(text, "<IntValue>(-?[0-9]+)</IntValue>").Select(m => m.Groups[1].Value);
        Assert.Equal(expected, string.Join(',', values));
    }

    [Fact]
    public async Task Post_NilArgument_Returns500SenderFaultFromTheService()
    {
        using var http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);

        using var response = await PostAsync(http, EchoSmallAction, Envelope($"<EchoSmall xmlns=\"{WcfContract.Namespace}\"><items xmlns:i=\"http://www.w3.org/2001/XMLSchema-instance\" i:nil=\"true\"/></EchoSmall>"));
        var text = await response.Content.ReadAsStringAsync(TestContext.Current.CancellationToken).Within();

        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        Assert.Contains("<faultcode>s:Client</faultcode><faultstring>The List`1 argument is missing (nil).</faultstring>", text, StringComparison.Ordinal);
        await AssertStillServesAsync(http);
    }

    [Fact]
    public async Task Post_UnknownHeaderMarkedMustUnderstand_Returns500MustUnderstandFault_AnUnmarkedOneIsIgnored()
    {
        using var http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);
        var call = $"<s:Body><EchoSmall xmlns=\"{WcfContract.Namespace}\"><items/></EchoSmall></s:Body></s:Envelope>";
        const string Open = "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Header>";

        using var marked = await PostAsync(http, EchoSmallAction, Open + "<x:Trace s:mustUnderstand=\"1\" xmlns:x=\"urn:x\">1</x:Trace></s:Header>" + call);
        using var unmarked = await PostAsync(http, EchoSmallAction, Open + "<x:Trace xmlns:x=\"urn:x\">1</x:Trace></s:Header>" + call);

        Assert.Equal(HttpStatusCode.InternalServerError, marked.StatusCode);
        Assert.Contains("<faultcode>s:MustUnderstand</faultcode><faultstring>The header 'Trace' from the namespace 'urn:x' is marked mustUnderstand", await marked.Content.ReadAsStringAsync(TestContext.Current.CancellationToken).Within(), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.OK, unmarked.StatusCode);
    }

    [Fact]
    public async Task Post_AddressingNoneActionHeaderMarkedMustUnderstand_IsUnderstood()
    {
        using var http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);

        // The header WCF and Mono put on a SOAP 1.1 fault: a WCF peer that sends it must be served, not refused.
        using var response = await PostAsync(http, EchoSmallAction,
            $"<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Header><Action s:mustUnderstand=\"1\" xmlns=\"http://schemas.microsoft.com/ws/2005/05/addressing/none\">{EchoSmallAction}</Action></s:Header><s:Body><EchoSmall xmlns=\"{WcfContract.Namespace}\"><items/></EchoSmall></s:Body></s:Envelope>");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
    }

    [Fact]
    public async Task Post_NestingBeyondTheDepthQuota_Returns400()
    {
        using var http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);
        var deep = string.Concat(Enumerable.Repeat("<x>", 100)) + string.Concat(Enumerable.Repeat("</x>", 100));

        var body = $"<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Header>{deep}</s:Header><s:Body><EchoSmall xmlns=\"{WcfContract.Namespace}\"/></s:Body></s:Envelope>";

        using var response = await PostAsync(http, EchoSmallAction, body);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        await AssertStillServesAsync(http);
    }

    [Theory]
    [InlineData("application/soap+xml; charset=utf-8")]
    [InlineData("application/json")]
    [InlineData("text/xml; charset=utf-16")]
    public async Task Post_WrongContentType_Returns415(string contentType)
    {
        using var http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);

        using var response = await PostAsync(http, EchoSmallAction, RequestEnvelope(WcfContract.EchoSmall, PayloadGenerator.Small(1)), contentType);

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
        await AssertStillServesAsync(http);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Post_OversizeBody_Returns413AndKeepsServing(bool inMemory)
    {
        var host = inMemory ? hosts.InMemory : hosts.Loopback;
        using var http = host.Endpoints.CreateHttpClient(Bounded.Limit);
        var oversize = new string(' ', WcfLimits.MaxReceivedMessageSize + 1);

        using var response = await PostAsync(http, EchoSmallAction, oversize);

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
        await AssertStillServesAsync(http);
    }

    private static string Envelope(string body) =>
        $"<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body>{body}</s:Body></s:Envelope>";

    private static string RequestEnvelope(string operation, object argument)
    {
        using var buffer = new MemoryStream();
        using (var writer = XmlDictionaryWriter.CreateTextWriter(buffer, Encoding.UTF8, ownsStream: false))
        {
            SoapMessage.WriteRequest(writer, SoapVersion.Soap11, operation, [argument]);
        }

        return Encoding.UTF8.GetString(buffer.ToArray());
    }

    private static async Task<HttpResponseMessage> PostAsync(HttpClient http, string action, string body, string contentType = TextXml)
    {
        var content = new StringContent(body, Encoding.UTF8);
        content.Headers.ContentType = System.Net.Http.Headers.MediaTypeHeaderValue.Parse(contentType);
        using var request = new HttpRequestMessage(HttpMethod.Post, "wcf/basic") { Content = content };
        request.Headers.TryAddWithoutValidation("SOAPAction", $"\"{action}\"");
        return await http.SendAsync(request, TestContext.Current.CancellationToken).Within();
    }

    private async Task AssertStillServesAsync(HttpClient http)
    {
        using var response = await PostAsync(http, EchoSmallAction, RequestEnvelope(WcfContract.EchoSmall, PayloadGenerator.Small(3)));
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        await using var client = hosts.Create("Wcf.BasicHttp/Text");
        var items = PayloadGenerator.Small(5);
        Assert.Null(PayloadComparer.FirstDifference(items, await client.EchoSmallAsync(items, TestContext.Current.CancellationToken).Within(), PayloadComparer.Small));
    }
}
