using System.Text;
using PerfAssert.Functional.Hosting;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Services.Throughput;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Functional.AspNetCore;

/// <summary>The throughput endpoints answer the reference's shapes and echo exactly the bytes sent.</summary>
public abstract class ThroughputTests(TargetsFixture fixture)
{
    protected TargetsFixture Fixture { get; } = fixture;

    [Fact]
    public async Task GetTime_Always_AnswersGreetingWithTimeIn41Bytes()
    {
        using var cts = Bounded.Within();
        await using var client = new ThroughputClient(Fixture.Endpoints);

        var text = await client.GetTimeAsync(cts.Token);

        Assert.StartsWith(ThroughputEndpoints.TimeGreeting, text, StringComparison.Ordinal);
        Assert.Equal(41, Encoding.UTF8.GetByteCount(text));
        Assert.True(DateTime.TryParse(text[ThroughputEndpoints.TimeGreeting.Length..], System.Globalization.CultureInfo.InvariantCulture, out _), text);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(500)]
    [InlineData(1024 * 1024)]
    public async Task Echo_Buffered_ReturnsExactBytesWithContentLength(int size)
    {
        using var cts = Bounded.Within();
        await using var client = new ThroughputClient(Fixture.Endpoints);
        var sent = Bytes(size);

        var echoed = await client.EchoAsync(sent, cts.Token);

        Assert.Equal(sent, echoed.Body);
        Assert.False(echoed.Chunked);
        Assert.Equal(size, echoed.ContentLength);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(500)]
    [InlineData(1024 * 1024)]
    public async Task EchoChunked_Streamed_ReturnsExactBytes(int size)
    {
        using var cts = Bounded.Within();
        await using var client = new ThroughputClient(Fixture.Endpoints);
        var sent = Bytes(size);

        var echoed = await client.EchoChunkedAsync(sent, cts.Token);

        Assert.Equal(sent, echoed.Body);
        AssertFraming(echoed);
    }

    [Fact]
    public async Task WcfRawGetTime_Always_AnswersTheGreetingAsARawStreamOf41Bytes()
    {
        using var cts = Bounded.Within();
        using var http = Fixture.Endpoints.CreateHttpClient();

        using var response = await http.GetAsync(WcfRaw + "/time", cts.Token);
        var text = await response.Content.ReadAsStringAsync(cts.Token);

        Assert.Equal(System.Net.HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/octet-stream", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(41, response.Content.Headers.ContentLength);
        Assert.StartsWith(ThroughputEndpoints.TimeGreeting, text, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(500)]
    [InlineData(1024 * 1024)]
    public async Task WcfRawEcho_Utf8Text_ReturnsTheSameBytesBufferedAndStreamed(int size)
    {
        using var cts = Bounded.Within();
        await using var client = new ThroughputClient(Fixture.Endpoints, WcfRaw);
        var sent = Text(size);

        var buffered = await client.EchoAsync(sent, cts.Token);
        var streamed = await client.EchoChunkedAsync(sent, cts.Token);

        Assert.Equal(sent, buffered.Body);
        Assert.False(buffered.Chunked);
        Assert.Equal(sent.Length, buffered.ContentLength);
        Assert.Equal(sent, streamed.Body);
        if (size > 0)
        {
            AssertFraming(streamed);
        }
    }

    [Fact]
    public async Task WcfRawEcho_BytesThatAreNotUtf8_ComeBackAsReplacementCharacters()
    {
        // The experiment's service reads the body as text: the round trip is lossy for bytes that are not UTF-8.
        using var cts = Bounded.Within();
        await using var client = new ThroughputClient(Fixture.Endpoints, WcfRaw);

        var echoed = await client.EchoAsync(new byte[] { (byte)'a', 0xFF, (byte)'b' }, cts.Token);

        Assert.Equal(new byte[] { (byte)'a', 0xEF, 0xBF, 0xBD, (byte)'b' }, echoed.Body);
    }

    [Theory]
    [InlineData("GET", "nothing-here", System.Net.HttpStatusCode.NotFound, null)]
    [InlineData("POST", "time", System.Net.HttpStatusCode.MethodNotAllowed, "GET")]
    [InlineData("GET", "echo", System.Net.HttpStatusCode.MethodNotAllowed, "POST")]
    [InlineData("DELETE", "echo-chunked", System.Net.HttpStatusCode.MethodNotAllowed, "POST, PUT")]
    public async Task WcfRaw_UnknownTemplateOrMethod_AnswersWhyAndKeepsServing(string method, string template, System.Net.HttpStatusCode expected, string? allow)
    {
        using var cts = Bounded.Within();
        using var http = Fixture.Endpoints.CreateHttpClient();

        using var response = await http.SendAsync(new HttpRequestMessage(new HttpMethod(method), $"{WcfRaw}/{template}"), cts.Token);
        var reason = await response.Content.ReadAsStringAsync(cts.Token);

        Assert.Equal(expected, response.StatusCode);
        Assert.Contains(template, reason, StringComparison.Ordinal);
        Assert.Equal(allow, allow is null ? null : string.Join(", ", response.Content.Headers.Allow));
        await using var client = new ThroughputClient(Fixture.Endpoints, WcfRaw);
        Assert.Equal(Text(10), (await client.EchoAsync(Text(10), cts.Token)).Body);
    }

    [Theory]
    [InlineData("echo")]
    [InlineData("echo-chunked")]
    public async Task WcfRaw_BodyOverTheMaximumReceivedMessageSize_Is413AndKeepsServing(string template)
    {
        using var cts = Bounded.Within();
        using var http = Fixture.Endpoints.CreateHttpClient();
        using var request = new HttpRequestMessage(HttpMethod.Post, $"{WcfRaw}/{template}") { Content = new ByteArrayContent(new byte[WcfLimits.MaxReceivedMessageSize + 1]) };
        request.Headers.TransferEncodingChunked = true;

        using var response = await http.SendAsync(request, cts.Token);

        Assert.Equal(System.Net.HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
        await using var client = new ThroughputClient(Fixture.Endpoints, WcfRaw);
        Assert.Equal(Text(10), (await client.EchoChunkedAsync(Text(10), cts.Token)).Body);
    }

    /// <summary>Checks how a chunked echo was framed; only a socket shows the real framing.</summary>
    protected virtual void AssertFraming(EchoedBody echoed)
    {
    }

    private const string WcfRaw = "wcf/web/throughput";

    /// <summary>UTF-8 text of <paramref name="size"/> bytes: ASCII with emoji and right-to-left letters between.</summary>
    private static byte[] Text(int size)
    {
        var piece = Encoding.UTF8.GetBytes("order 42 \U0001F600 \u05E9\u05DC\u05D5\u05DD, ");
        var bytes = new byte[size];
        var filled = 0;
        // Whole pieces only, so no character is cut; spaces fill the rest.
        for (; filled + piece.Length <= size; filled += piece.Length)
        {
            piece.CopyTo(bytes, filled);
        }

        bytes.AsSpan(filled).Fill((byte)' ');
        return bytes;
    }

    private static byte[] Bytes(int size)
    {
        var bytes = new byte[size];
        new Random(size).NextBytes(bytes);
        return bytes;
    }
}
