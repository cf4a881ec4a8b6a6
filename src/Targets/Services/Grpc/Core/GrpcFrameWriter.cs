using System.Buffers;
using System.Buffers.Binary;
using Google.Protobuf;

namespace PerfAssert.Targets.Services.Grpc.Core;

/// <summary>Writes gRPC messages with their 5-byte prefix: compressed flag 0 and the big-endian length.</summary>
public static class GrpcFrameWriter
{
    /// <summary>Writes one framed message into <paramref name="writer"/> (a response body's pipe).</summary>
    public static void Write(IBufferWriter<byte> writer, IMessage message)
    {
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentNullException.ThrowIfNull(message);
        var size = message.CalculateSize();
        WriteHeader(writer.GetSpan(GrpcProtocol.FrameHeaderSize), size);
        writer.Advance(GrpcProtocol.FrameHeaderSize);
        message.WriteTo(writer);
    }

    /// <summary>Returns one framed message as a new array (a unary request body).</summary>
    public static byte[] ToFrame(IMessage message)
    {
        ArgumentNullException.ThrowIfNull(message);
        var size = message.CalculateSize();
        var frame = new byte[GrpcProtocol.FrameHeaderSize + size];
        WriteHeader(frame, size);
        message.WriteTo(frame.AsSpan(GrpcProtocol.FrameHeaderSize));
        return frame;
    }

    private static void WriteHeader(Span<byte> header, int size)
    {
        header[0] = 0;
        BinaryPrimitives.WriteUInt32BigEndian(header[1..], (uint)size);
    }
}
