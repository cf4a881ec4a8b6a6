using System.IO.Pipelines;
using System.Net;
using Google.Protobuf;
using PerfAssert.Targets.Services.Grpc.Core;

namespace PerfAssert.Targets.Clients.Grpc;

/// <summary>
/// A client-streaming request body: one framed message per item, each flushed as it is written (as grpc-dotnet's client
/// does), or with <paramref name="flushEachMessage"/> false all written and flushed once.
/// </summary>
internal sealed class GrpcStreamContent(IEnumerable<IMessage> messages, bool flushEachMessage = true) : HttpContent
{
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        var writer = PipeWriter.Create(stream, new StreamPipeWriterOptions(leaveOpen: true));
        foreach (var message in messages)
        {
            GrpcFrameWriter.Write(writer, message);
            if (flushEachMessage)
            {
                await writer.FlushAsync(cancellationToken).ConfigureAwait(false);
            }
        }

        if (!flushEachMessage)
        {
            await writer.FlushAsync(cancellationToken).ConfigureAwait(false);
        }

        await writer.CompleteAsync().ConfigureAwait(false);
    }

    protected override bool TryComputeLength(out long length)
    {
        // Unknown up front: the messages go out as they are written, in HTTP/2 DATA frames.
        length = 0;
        return false;
    }
}
