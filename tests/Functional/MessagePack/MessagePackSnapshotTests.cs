using System.Runtime.CompilerServices;
using System.Text;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Formats.MessagePack;

namespace PerfAssert.Functional.MessagePack;

/// <summary>
/// Pins the wire bytes of a fixed payload, so any change to the layout is a reviewed change to
/// <c>LargeTwoItems.verified.txt</c>. On a mismatch the new bytes go to <c>LargeTwoItems.received.txt</c>.
/// </summary>
public sealed class MessagePackSnapshotTests
{
    private const int BytesPerLine = 32;

    [Fact]
    public void Serialize_TwoSeededLargeItems_MatchesTheVerifiedBytes()
    {
        var hex = ToHexLines(MessagePackSerializer.Serialize(PayloadGenerator.Large(2, seed: 1)));
        var verified = Path.Combine(SourceDirectory(), "LargeTwoItems.verified.txt");
        var received = Path.ChangeExtension(verified, null).Replace(".verified", ".received", StringComparison.Ordinal) + ".txt";
        var expected = File.Exists(verified) ? File.ReadAllText(verified).ReplaceLineEndings("\n") : null;

        if (expected == hex)
        {
            File.Delete(received);
            return;
        }

        File.WriteAllText(received, hex);
        Assert.Fail($"The MessagePack bytes differ from {verified}. Review {received} and, if the change is intended, rename it to the verified file.");
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

    private static string SourceDirectory([CallerFilePath] string path = "") => Path.GetDirectoryName(path)!;
}
