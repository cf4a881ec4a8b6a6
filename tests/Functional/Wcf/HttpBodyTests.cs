using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Functional.Wcf;

/// <summary>
/// The WCF stand-ins' buffered body reader. It once allocated 64 KB for every request of unknown length, GETs included,
/// which made the WebHttp stand-in's <c>GET time</c> a third slower than its 500-byte echo; these pin what it reads and
/// what it costs.
/// </summary>
public sealed class HttpBodyTests
{
    [Fact]
    public async Task ReadAsync_RequestThatCannotHaveABody_IsEmptyWithoutABuffer()
    {
        var request = Request(body: [], contentLength: null, canHaveBody: false);
        await HttpBody.ReadAsync(request, WcfLimits.MaxReceivedMessageSize, CancellationToken.None); // JIT and first-use costs

        var before = GC.GetAllocatedBytesForCurrentThread();
        var read = await HttpBody.ReadAsync(request, WcfLimits.MaxReceivedMessageSize, CancellationToken.None);
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Equal(0, read!.Value.Count);
        Assert.True(allocated < 1024, $"reading a GET's (absent) body allocated {allocated} B; expected no buffer (< 1024 B)");
    }

    [Theory]
    [InlineData(0)]
    [InlineData(500)]
    [InlineData(4096)]
    [InlineData(4097)]
    [InlineData(100_000)]
    public async Task ReadAsync_ChunkedBodyOfUnknownLength_ReadsEveryByte(int size)
    {
        var sent = Enumerable.Range(0, size).Select(i => (byte)(i * 7)).ToArray();
        var request = Request(sent, contentLength: null, canHaveBody: true);

        var read = await HttpBody.ReadAsync(request, WcfLimits.MaxReceivedMessageSize, CancellationToken.None);

        Assert.Equal(sent, read!.Value.ToArray());
    }

    [Fact]
    public async Task ReadAsync_SmallChunkedBody_AllocatesAboutItsSizeNotTheLimit()
    {
        var request = Request(new byte[500], contentLength: null, canHaveBody: true);
        await HttpBody.ReadAsync(request, WcfLimits.MaxReceivedMessageSize, CancellationToken.None);
        request.Body.Position = 0;

        var before = GC.GetAllocatedBytesForCurrentThread();
        await HttpBody.ReadAsync(request, WcfLimits.MaxReceivedMessageSize, CancellationToken.None);
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.True(allocated < 8 * 1024, $"reading a 500-byte chunked body allocated {allocated} B; expected under 8 KB");
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task ReadAsync_BodyOneByteOverTheLimit_IsNullAndOneExactlyAtItIsRead(bool over)
    {
        const int limit = 10_000;
        var request = Request(new byte[over ? limit + 1 : limit], contentLength: null, canHaveBody: true);

        var read = await HttpBody.ReadAsync(request, limit, CancellationToken.None);

        Assert.Equal(over, read is null);
        if (!over)
        {
            Assert.Equal(limit, read!.Value.Count);
        }
    }

    private static HttpRequest Request(byte[] body, long? contentLength, bool canHaveBody)
    {
        var context = new DefaultHttpContext();
        context.Features.Set<IHttpRequestBodyDetectionFeature>(new BodyDetection(canHaveBody));
        context.Request.Body = new MemoryStream(body);
        context.Request.ContentLength = contentLength;
        return context.Request;
    }

    private sealed class BodyDetection(bool canHaveBody) : IHttpRequestBodyDetectionFeature
    {
        public bool CanHaveBody { get; } = canHaveBody;
    }
}
