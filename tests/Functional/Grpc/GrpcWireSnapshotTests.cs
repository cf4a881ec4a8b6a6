using System.Text;
using PerfAssert.Functional.Support;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;
using PerfAssert.Targets.Services.Grpc.Core;

namespace PerfAssert.Functional.Grpc;

public sealed class GrpcWireSnapshotTests
{
    [Fact]
    public void EchoLargeRequest_TwoSeededItems_MatchesTheVerifiedWireBytes()
    {
        // The bytes a client puts on the wire for EchoLarge: 5-byte prefix and the protobuf LargeList. A change here
        // means the .proto, the mapping or the framing changed, and with it every recorded gRPC figure's payload.
        var frame = GrpcFrameWriter.ToFrame(ProtoMapping.ToProto(PayloadGenerator.Large(2, seed: 1)));

        Snapshot.Verify(Hex(frame), "Grpc/Snapshots", "EchoLargeRequest.Large2");
    }

    // 32 bytes a line, so a diff points at the changed field.
    private static string Hex(byte[] bytes)
    {
        var text = new StringBuilder();
        text.Append("length ").Append(bytes.Length).Append('\n');
        foreach (var line in bytes.Chunk(32))
        {
            text.Append(Convert.ToHexStringLower(line)).Append('\n');
        }

        return text.ToString();
    }
}
