using System.Text;
using MessagePack;
using PerfAssert.Targets.Contracts;
using PerfAssert.Functional.Support;
using PerfAssert.Targets.Services.MessagePackApi;

namespace PerfAssert.Functional.MessagePack;

/// <summary>
/// Pins the wire bytes the MessagePack stacks write (MessagePack-CSharp with the server's options) for a fixed payload,
/// so any change to the layout is a reviewed change to
/// <c>LargeTwoItems.verified.txt</c>. On a mismatch the new bytes go to <c>LargeTwoItems.received.txt</c>.
/// </summary>
public sealed class MessagePackSnapshotTests
{
    private const int BytesPerLine = 32;

    [Fact]
    public void Serialize_TwoSeededLargeItems_MatchesTheVerifiedBytes()
    {
        var hex = ToHexLines(MessagePackSerializer.Serialize(PayloadGenerator.Large(2, seed: 1), MessagePackServerOptions.Value, TestContext.Current.CancellationToken));
        Snapshot.Verify(hex, "MessagePack/Snapshots", "LargeTwoItems");
    }

    private static string ToHexLines(byte[] bytes)
    {
        var text = new StringBuilder();
        for (var start = 0; start < bytes.Length; start += BytesPerLine)
        {
            text.Append(Convert.ToHexString(bytes, start, Math.Min(BytesPerLine, bytes.Length - start))).Append('\n');
        }

        return text.ToString();
    }
}
