using System.Net;
using System.Text;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Functional.Wcf;

public sealed class WebHttpFaultTests(WcfHostsFixture hosts) : IClassFixture<WcfHostsFixture>
{
    [Theory]
    [InlineData("wcf/web/json/NoSuchOperation", "application/json", "[]", HttpStatusCode.NotFound)]
    [InlineData("wcf/web/xml/NoSuchOperation", "application/xml", "<x/>", HttpStatusCode.NotFound)]
    [InlineData("wcf/web/json/EchoSmall", "application/json", "[{\"Id\":", HttpStatusCode.BadRequest)]
    [InlineData("wcf/web/json/EchoSmall", "application/json", "[{\"Id\":\"not-a-guid\"}]", HttpStatusCode.BadRequest)]
    [InlineData("wcf/web/json/SendTodo", "application/json", "null", HttpStatusCode.BadRequest)]
    [InlineData("wcf/web/json/EchoSmall", "application/json", "", HttpStatusCode.BadRequest)]
    [InlineData("wcf/web/xml/EchoSmall", "application/xml", "<ArrayOfSmallItem xmlns=\"urn:perfassert:targets:2026\"><SmallItem>", HttpStatusCode.BadRequest)]
    [InlineData("wcf/web/xml/EchoSmall", "application/xml", "<Wrong/>", HttpStatusCode.BadRequest)]
    [InlineData("wcf/web/json/EchoSmall", "text/xml", "[]", HttpStatusCode.UnsupportedMediaType)]
    [InlineData("wcf/web/xml/EchoSmall", "application/json", "[]", HttpStatusCode.UnsupportedMediaType)]
    [InlineData("wcf/web/json/GetDataStream", "application/json", "{\"Min\":5,\"Max\":1}", HttpStatusCode.BadRequest)]
    [InlineData("wcf/web/json/GetDataStream", "application/json", "{\"Min\":0,\"Max\":2147483647}", HttpStatusCode.BadRequest)]
    public async Task Post_BadRequest_Returns4xxAndKeepsServing(string path, string contentType, string body, HttpStatusCode expected)
    {
        using var http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);

        using var response = await PostAsync(http, path, contentType, body);

        Assert.Equal(expected, response.StatusCode);
        await AssertStillServesAsync();
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Post_OversizeBody_Returns413AndKeepsServing(bool inMemory)
    {
        var host = inMemory ? hosts.InMemory : hosts.Loopback;
        using var http = host.Endpoints.CreateHttpClient(Bounded.Limit);

        using var response = await PostAsync(http, "wcf/web/json/EchoSmall", "application/json", new string(' ', WcfLimits.MaxReceivedMessageSize + 1));

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
        await AssertStillServesAsync();
    }

    [Fact]
    public async Task PostJson_SmallItems_UsesDataContractJsonSerializerShape()
    {
        using var http = hosts.Loopback.Endpoints.CreateHttpClient(Bounded.Limit);

        using var response = await PostAsync(http, "wcf/web/json/FirstTodo", "application/json", string.Empty);
        var text = await response.Content.ReadAsStringAsync(TestContext.Current.CancellationToken).Within();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Matches("""^\{"Id":1,"Title":".*","IsComplete":(true|false),"CreatedAt":\{"DateTime":"\\/Date\(\d+\)\\/","OffsetMinutes":-?\d+\}\}$""", text);
    }

    private static async Task<HttpResponseMessage> PostAsync(HttpClient http, string path, string contentType, string body)
    {
        var content = new StringContent(body, Encoding.UTF8);
        content.Headers.ContentType = System.Net.Http.Headers.MediaTypeHeaderValue.Parse(contentType);
        return await http.PostAsync(path, content, TestContext.Current.CancellationToken).Within();
    }

    private async Task AssertStillServesAsync()
    {
        foreach (var stack in new[] { "Wcf.WebHttp/Json", "Wcf.WebHttp/Xml" })
        {
            await using var client = hosts.Create(stack);
            var items = PayloadGenerator.Small(5);
            Assert.Null(PayloadComparer.FirstDifference(items, await client.EchoSmallAsync(items, TestContext.Current.CancellationToken).Within(), PayloadComparer.Small));
        }
    }
}
