using System.Buffers.Binary;
using Google.Protobuf;

namespace PerfAssert.Functional.Grpc;

/// <summary>
/// A gRPC length-prefixed message as the gRPC over HTTP/2 spec lays it out (compressed flag 0, 4-byte big-endian length,
/// the protobuf bytes), for tests that send hand-made requests or snapshot what a client puts on the wire.
/// </summary>
internal static class GrpcFrame
{
    public const int HeaderSize = 5;

    public static byte[] Of(IMessage message)
    {
        ArgumentNullException.ThrowIfNull(message);
        var body = message.ToByteArray();
        var frame = new byte[HeaderSize + body.Length];
        BinaryPrimitives.WriteUInt32BigEndian(frame.AsSpan(1), (uint)body.Length);
        body.CopyTo(frame, HeaderSize);
        return frame;
    }
}
