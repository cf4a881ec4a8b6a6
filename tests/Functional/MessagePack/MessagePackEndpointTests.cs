using System.Net;
using System.Net.Http.Headers;
using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Clients.MessagePack;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.MessagePackApi;

namespace PerfAssert.Functional.MessagePack;

public sealed class MessagePackEndpointTests
{
    private const string LargePath = "minimal/msgpack/large";

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(100)]
    public async Task EchoMinimal_InMemory_ReturnsExactlyThePayloadSent(int count)
    {
        using var timeout = MessagePackTestTimeout.Start();
        await using var host = await StartAsync(inMemory: true, timeout.Token);
        await using var client = CreateMinimalClient(host.Endpoints);

        var small = PayloadGenerator.Small(count);
        var large = PayloadGenerator.Large(count);
        var smallEcho = await client.EchoSmallAsync(small, timeout.Token);
        var largeEcho = await client.EchoLargeAsync(large, timeout.Token);

        Assert.Null(PayloadComparer.FirstDifference(small, smallEcho, PayloadComparer.Small));
        Assert.Null(PayloadComparer.FirstDifference(large, largeEcho, PayloadComparer.Large));
    }

    [Fact]
    public async Task EchoMinimal_OverKestrelLoopback_ReturnsExactlyThePayloadSent()
    {
        using var timeout = MessagePackTestTimeout.Start();
        await using var host = await StartAsync(inMemory: false, timeout.Token);
        await using var client = CreateMinimalClient(host.Endpoints);
        var sent = PayloadGenerator.Large(100);

        var received = await client.EchoLargeAsync(sent, timeout.Token);

        Assert.Equal("127.0.0.1", host.BaseAddress.Host);
        Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Large));
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task PostMinimal_MalformedBodies_Are400AndTheNextValidRequestWorks(bool inMemory)
    {
        using var timeout = MessagePackTestTimeout.Start();
        await using var host = await StartAsync(inMemory, timeout.Token);
        using var http = host.Endpoints.CreateHttpClient(TimeSpan.FromSeconds(10));
        var valid = MessagePackBodies.Of(PayloadGenerator.Large(3));
        byte[][] malformed =
        [
            [],
            valid[..(valid.Length / 2)],
            [.. valid, 0xc0],
            [0xdd, 0x7f, 0xff, 0xff, 0xff],
            [0xc1],
            [0x92, 0x01, 0x02],
        ];

        foreach (var body in malformed)
        {
            using var response = await PostAsync(http, LargePath, body, MessagePackMediaType.Value, timeout.Token);
            Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
            Assert.Contains("MessagePack", await response.Content.ReadAsStringAsync(timeout.Token), StringComparison.Ordinal);
        }

        using var ok = await PostAsync(http, LargePath, valid, MessagePackMediaType.Value, timeout.Token);
        Assert.Equal(HttpStatusCode.OK, ok.StatusCode);
        Assert.Equal(valid, await ok.Content.ReadAsByteArrayAsync(timeout.Token));
    }

    public static TheoryData<bool, string> GuardCases => new()
    {
        { true, "trailing nil" }, { false, "trailing nil" },
        { true, "LargeItem one element short" }, { false, "LargeItem one element short" },
        { true, "LargeItem one element long" }, { true, "Address one element short" },
    };

    [Theory]
    [MemberData(nameof(GuardCases))]
    public async Task PostMinimal_BodyTheLibraryWouldAccept_Is400WithTheReason(bool inMemory, string what)
    {
        // MessagePack-CSharp reads the first value and ignores what follows, reads a short contract array as defaults and
        // skips elements past the last order; the endpoint refuses all of them.
        var (body, reason) = what switch
        {
            "trailing nil" => (MessagePackBodies.TrailingNil(), "and nothing may follow it"),
            "LargeItem one element short" => (MessagePackBodies.LargeItemOneElementShort(), "LargeItem is an array of 11 elements (index = DataMember Order, up to its highest), got 10"),
            "LargeItem one element long" => (MessagePackBodies.LargeItemOneElementLong(), "LargeItem is an array of 11 elements (index = DataMember Order, up to its highest), got 12"),
            _ => (MessagePackBodies.AddressOneElementShort(), "Address is an array of 7 elements (index = DataMember Order, up to its highest), got 6"),
        };
        using var timeout = MessagePackTestTimeout.Start();
        await using var host = await StartAsync(inMemory, timeout.Token);
        using var http = host.Endpoints.CreateHttpClient(TimeSpan.FromSeconds(10));

        using var response = await PostAsync(http, LargePath, body, MessagePackMediaType.Value, timeout.Token);
        var text = await response.Content.ReadAsStringAsync(timeout.Token);

        Assert.True(response.StatusCode == HttpStatusCode.BadRequest, $"{(int)response.StatusCode}: {text}");
        Assert.StartsWith("The body is not a valid MessagePack List<LargeItem>: ", text, StringComparison.Ordinal);
        Assert.Contains(reason, text, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("text/plain")]
    [InlineData(null)]
    public async Task PostMinimal_WrongContentType_Is415(string? contentType)
    {
        using var timeout = MessagePackTestTimeout.Start();
        await using var host = await StartAsync(inMemory: true, timeout.Token);
        using var http = host.Endpoints.CreateHttpClient(TimeSpan.FromSeconds(10));

        using var response = await PostAsync(http, LargePath, MessagePackBodies.Of(PayloadGenerator.Large(1)), contentType, timeout.Token);

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
    }

    [Fact]
    public async Task PostMinimal_BodyOverTheLimit_Is413WithOrWithoutContentLength()
    {
        using var timeout = MessagePackTestTimeout.Start();
        await using var host = await StartAsync(inMemory: true, timeout.Token);
        using var http = host.Endpoints.CreateHttpClient(TimeSpan.FromSeconds(10));
        var oversize = new byte[MessagePackHttp.MaxBodyBytes + 1];

        using var declared = await PostAsync(http, LargePath, oversize, MessagePackMediaType.Value, timeout.Token);
        using var chunked = new UnknownLengthContent(oversize);
        chunked.Headers.ContentType = new MediaTypeHeaderValue(MessagePackMediaType.Value);
        using var streamed = await http.PostAsync(LargePath, chunked, timeout.Token);

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, declared.StatusCode);
        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, streamed.StatusCode);
        await using var client = CreateMinimalClient(host.Endpoints);
        Assert.Single(await client.EchoSmallAsync(PayloadGenerator.Small(1), timeout.Token));
    }

    [Fact]
    public void Stacks_ListControllersAndMinimal_BothInMemoryCapable()
    {
        Assert.Equal([MessagePackStacks.ControllersId, MessagePackStacks.MinimalId], MessagePackStacks.All.Select(s => s.Id));
        Assert.All(MessagePackStacks.All, s => Assert.True(s.SupportsInMemory));
        Assert.Equal("AspNetCore.Controllers/MessagePack", MessagePackStacks.ControllersId);
        Assert.Equal("AspNetCore.Minimal/MessagePack", MessagePackStacks.MinimalId);
    }

    [Fact]
    public async Task EchoControllers_WithoutControllersModule_FailsWithTheStatusInTheMessage()
    {
        using var timeout = MessagePackTestTimeout.Start();
        await using var host = await StartAsync(inMemory: true, timeout.Token);
        await using var client = MessagePackStacks.All.Single(s => s.Id == MessagePackStacks.ControllersId).Create(host.Endpoints);

        var error = await Assert.ThrowsAsync<HttpRequestException>(() => client.EchoSmallAsync(PayloadGenerator.Small(1), timeout.Token));

        Assert.Equal(HttpStatusCode.NotFound, error.StatusCode);
        Assert.Contains(MessagePackStacks.ControllersId, error.Message, StringComparison.Ordinal);
    }

    private static Task<TargetHost> StartAsync(bool inMemory, CancellationToken cancellationToken) =>
        TargetHost.StartAsync(new TargetHostOptions { Modules = [new MessagePackApiModule()], InMemory = inMemory, StartTimeout = TimeSpan.FromSeconds(20) }, cancellationToken);

    private static IEchoClient CreateMinimalClient(TargetEndpoints endpoints) =>
        MessagePackStacks.All.Single(s => s.Id == MessagePackStacks.MinimalId).Create(endpoints);

    private static Task<HttpResponseMessage> PostAsync(HttpClient http, string path, byte[] body, string? contentType, CancellationToken cancellationToken)
    {
        var content = new ByteArrayContent(body);
        if (contentType is not null)
        {
            content.Headers.ContentType = new MediaTypeHeaderValue(contentType);
        }

        return http.PostAsync(path, content, cancellationToken);
    }
}
