using System.Net;
using System.Net.Http.Headers;
using PerfAssert.Functional.MessagePack.MvcProbe;
using PerfAssert.Targets.Clients.MessagePack;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.MessagePackApi;

namespace PerfAssert.Functional.MessagePack;

/// <summary>The MVC formatters through the real MVC pipeline, on a probe controller shaped like <c>/api/echo</c>.</summary>
public sealed class MessagePackMvcPipelineTests
{
    private const string SmallPath = MessagePackProbeController.Route + "/small";
    private const string LargePath = MessagePackProbeController.Route + "/large";

    [Fact]
    public async Task EchoController_MessagePackBothWays_ReturnsExactlyThePayloadSent()
    {
        using var timeout = MessagePackTestTimeout.Start();
        await using var host = await StartAsync(timeout.Token);
        await using var client = new MessagePackEchoClient("probe", host.Endpoints.CreateHttpClient(), MessagePackProbeController.Route);
        var small = PayloadGenerator.Small(10);
        var large = PayloadGenerator.Large(10);

        Assert.Null(PayloadComparer.FirstDifference(small, await client.EchoSmallAsync(small, timeout.Token), PayloadComparer.Small));
        Assert.Null(PayloadComparer.FirstDifference(large, await client.EchoLargeAsync(large, timeout.Token), PayloadComparer.Large));
    }

    [Fact]
    public async Task PostController_MalformedBody_Is400AndTheNextValidRequestWorks()
    {
        using var timeout = MessagePackTestTimeout.Start();
        await using var host = await StartAsync(timeout.Token);
        using var http = host.Endpoints.CreateHttpClient(TimeSpan.FromSeconds(10));
        var valid = MessagePackBodies.Of(PayloadGenerator.Large(2));

        using var bad = await SendAsync(http, LargePath, valid[..^3], MessagePackMediaType.Value, MessagePackMediaType.Value, timeout.Token);
        using var good = await SendAsync(http, LargePath, valid, MessagePackMediaType.Value, MessagePackMediaType.Value, timeout.Token);

        Assert.Equal(HttpStatusCode.BadRequest, bad.StatusCode);
        Assert.Equal(HttpStatusCode.OK, good.StatusCode);
        Assert.Equal(valid, await good.Content.ReadAsByteArrayAsync(timeout.Token));
    }

    [Theory]
    [InlineData("trailing nil")]
    [InlineData("LargeItem one element short")]
    public async Task PostController_BodyTheLibraryWouldAccept_Is400WithTheReason(string what)
    {
        var (body, reason) = what == "trailing nil"
            ? (MessagePackBodies.TrailingNil(), "and nothing may follow it")
            : (MessagePackBodies.LargeItemOneElementShort(), "LargeItem is an array of 11 elements (index = DataMember Order, up to its highest), got 10");
        using var timeout = MessagePackTestTimeout.Start();
        await using var host = await StartAsync(timeout.Token);
        using var http = host.Endpoints.CreateHttpClient(TimeSpan.FromSeconds(10));

        using var response = await SendAsync(http, LargePath, body, MessagePackMediaType.Value, MessagePackMediaType.Value, timeout.Token);
        var text = await response.Content.ReadAsStringAsync(timeout.Token);

        // [ApiController] answers the model error as a problem details document (JSON) that carries the reason.
        Assert.True(response.StatusCode == HttpStatusCode.BadRequest, $"{(int)response.StatusCode}: {text}");
        Assert.Contains(reason, text, StringComparison.Ordinal);
    }

    [Fact]
    public async Task PostController_UnknownContentType_Is415()
    {
        using var timeout = MessagePackTestTimeout.Start();
        await using var host = await StartAsync(timeout.Token);
        using var http = host.Endpoints.CreateHttpClient(TimeSpan.FromSeconds(10));

        using var response = await SendAsync(http, SmallPath, [0x90], "application/x-unknown", MessagePackMediaType.Value, timeout.Token);

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
    }

    [Fact]
    public async Task PostController_MessagePackWithoutAccept_AnswersJsonNotMessagePack()
    {
        using var timeout = MessagePackTestTimeout.Start();
        await using var host = await StartAsync(timeout.Token);
        using var http = host.Endpoints.CreateHttpClient(TimeSpan.FromSeconds(10));

        using var response = await SendAsync(http, SmallPath, MessagePackBodies.Of(PayloadGenerator.Small(1)), MessagePackMediaType.Value, accept: null, timeout.Token);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
    }

    private static Task<TargetHost> StartAsync(CancellationToken cancellationToken) =>
        TargetHost.StartAsync(
            new TargetHostOptions { Modules = [new MessagePackApiModule(), new MessagePackMvcProbeModule()], InMemory = true, StartTimeout = TimeSpan.FromSeconds(20) },
            cancellationToken);

    private static async Task<HttpResponseMessage> SendAsync(HttpClient http, string path, byte[] body, string contentType, string? accept, CancellationToken cancellationToken)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new ByteArrayContent(body) };
        request.Content.Headers.ContentType = new MediaTypeHeaderValue(contentType);
        if (accept is not null)
        {
            request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
        }

        return await http.SendAsync(request, cancellationToken);
    }
}
