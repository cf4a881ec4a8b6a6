using System.Net;

namespace PerfAssert.Functional.MessagePack;

/// <summary>A body without Content-Length (sent chunked), so the server can only find its size while reading.</summary>
internal sealed class UnknownLengthContent(byte[] bytes) : HttpContent
{
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) => stream.WriteAsync(bytes).AsTask();

    protected override bool TryComputeLength(out long length)
    {
        length = -1;
        return false;
    }
}
