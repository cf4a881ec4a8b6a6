using System.Buffers;
using System.Buffers.Binary;
using System.IO.Pipelines;
using Google.Protobuf;

namespace PerfAssert.Targets.Services.Grpc.Core;

/// <summary>Reads length-prefixed gRPC messages, however the bytes are split across reads.</summary>
public static class GrpcFrameReader
{
    /// <summary>
    /// Takes one whole frame off the front of <paramref name="buffer"/>. Returns <see langword="false"/>, leaving
    /// the buffer as it was, when the frame is not complete yet. The length is checked against
    /// <paramref name="maxMessageSize"/> as soon as the header arrives, so an oversize message is refused before
    /// its body is buffered.
    /// </summary>
    /// <exception cref="GrpcException">RESOURCE_EXHAUSTED for an oversize message, INTERNAL for a compressed or invalid flag.</exception>
    public static bool TryReadFrame(ref ReadOnlySequence<byte> buffer, int maxMessageSize, out ReadOnlySequence<byte> payload)
    {
        payload = default;
        if (buffer.Length < GrpcProtocol.FrameHeaderSize)
        {
            return false;
        }

        Span<byte> header = stackalloc byte[GrpcProtocol.FrameHeaderSize];
        buffer.Slice(0, GrpcProtocol.FrameHeaderSize).CopyTo(header);
        if (header[0] != 0)
        {
            // This stand-in negotiates no grpc-encoding, so a compressed message is a protocol error (grpc says INTERNAL).
            throw new GrpcException(GrpcStatusCode.Internal, header[0] == 1 ? "Received a compressed message, but no grpc-encoding was negotiated." : $"Invalid compressed flag {header[0]} in a message header.");
        }

        var length = BinaryPrimitives.ReadUInt32BigEndian(header[1..]);
        if (length > (uint)maxMessageSize)
        {
            throw new GrpcException(GrpcStatusCode.ResourceExhausted, $"Received message larger than max ({length} vs. {maxMessageSize}).");
        }

        if (buffer.Length - GrpcProtocol.FrameHeaderSize < length)
        {
            return false;
        }

        payload = buffer.Slice(GrpcProtocol.FrameHeaderSize, length);
        buffer = buffer.Slice(payload.End);
        return true;
    }

    /// <summary>
    /// Reads and parses the next message, or returns <see langword="null"/> when the stream ends cleanly between messages.
    /// </summary>
    /// <exception cref="GrpcException">INTERNAL when the stream ends inside a frame or the bytes are not a valid message.</exception>
    public static async ValueTask<T?> ReadMessageAsync<T>(PipeReader reader, MessageParser<T> parser, int maxMessageSize, CancellationToken cancellationToken)
        where T : class, IMessage<T>
    {
        ArgumentNullException.ThrowIfNull(reader);
        ArgumentNullException.ThrowIfNull(parser);
        while (true)
        {
            var result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            var buffer = result.Buffer;
            if (TryReadFrame(ref buffer, maxMessageSize, out var payload))
            {
                try
                {
                    return parser.ParseFrom(payload);
                }
                catch (InvalidProtocolBufferException ex)
                {
                    throw new GrpcException(GrpcStatusCode.Internal, $"Failed to deserialize a {typeof(T).Name} message: {ex.Message}", ex);
                }
                finally
                {
                    reader.AdvanceTo(buffer.Start);
                }
            }

            if (result.IsCompleted || result.IsCanceled)
            {
                var length = buffer.Length;
                reader.AdvanceTo(buffer.End);
                return length == 0 && result.IsCompleted
                    ? null
                    : throw new GrpcException(GrpcStatusCode.Internal, $"Incomplete message: the stream ended after {length} byte(s) of a frame.");
            }

            reader.AdvanceTo(buffer.Start, buffer.End);
        }
    }
}
