using System.Globalization;
using System.Text;
using PerfAssert.Targets.Services.Throughput;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// The REST throughput experiment's WCF service, as it was written: <c>TestGet</c> answers the greeting and the time as
/// a raw stream, and <c>TestStream</c> reads the body as UTF-8 text and answers that text, re-encoded. The round trip
/// through a string is the experiment's, and lossy: bytes that are not valid UTF-8 come back as U+FFFD, and a body
/// that starts with a byte order mark is read in that encoding.
/// </summary>
public sealed class WcfThroughputService(TimeProvider time)
{
    /// <summary><c>GET time</c>: "Hello World. Time is: " and the local time, 41 bytes like the other stacks' answer.</summary>
    public Stream TestGet() =>
        new MemoryStream(Encoding.UTF8.GetBytes(ThroughputEndpoints.TimeGreeting + time.GetLocalNow().ToString(ThroughputEndpoints.TimeFormat, CultureInfo.InvariantCulture)));

    /// <summary><c>POST echo</c>: the body read to its end as text, answered as UTF-8.</summary>
    public async Task<Stream> TestStreamAsync(Stream requestStream, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(requestStream);
        using var reader = new StreamReader(requestStream);
        var body = await reader.ReadToEndAsync(cancellationToken).ConfigureAwait(false);
        return new MemoryStream(Encoding.UTF8.GetBytes(body));
    }
}
