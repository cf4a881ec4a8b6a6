using System.Text;
using PerfAssert.Functional.Hosting;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Services.Throughput;

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

    /// <summary>Checks how a chunked echo was framed; only a socket shows the real framing.</summary>
    protected virtual void AssertFraming(EchoedBody echoed)
    {
    }

    private static byte[] Bytes(int size)
    {
        var bytes = new byte[size];
        new Random(size).NextBytes(bytes);
        return bytes;
    }
}
