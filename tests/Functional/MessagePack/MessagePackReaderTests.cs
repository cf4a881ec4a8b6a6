using PerfAssert.Targets.Formats.MessagePack;
using static PerfAssert.Functional.MessagePack.MessagePackBytes;

namespace PerfAssert.Functional.MessagePack;

public sealed class MessagePackReaderTests
{
    [Theory]
    [InlineData("7F", 127L)]
    [InlineData("CC80", 128L)]
    [InlineData("CD0100", 256L)]
    [InlineData("CE00010000", 65536L)]
    [InlineData("CF7FFFFFFFFFFFFFFF", long.MaxValue)]
    [InlineData("E0", -32L)]
    [InlineData("D0DF", -33L)]
    [InlineData("D1FF7F", -129L)]
    [InlineData("D2FFFF7FFF", -32769L)]
    [InlineData("D38000000000000000", long.MinValue)]
    [InlineData("CD0001", 1L)]
    [InlineData("D30000000000000005", 5L)]
    public void ReadInt64_AnyIntegerFormat_ReadsTheValue(string hex, long expected) =>
        Assert.Equal(expected, FromHex(hex, (ref MessagePackReader r) => r.ReadInt64()));

    [Fact]
    public void ReadUInt64_UInt64MaxValue_IsLossless() =>
        Assert.Equal(ulong.MaxValue, FromHex("CFFFFFFFFFFFFFFFFF", (ref MessagePackReader r) => r.ReadUInt64()));

    [Theory]
    [InlineData("CFFFFFFFFFFFFFFFFF")]
    [InlineData("CE80000000")]
    [InlineData("D3FFFFFFFF7FFFFFFF")]
    public void ReadInt32_OutOfRange_Throws(string hex) =>
        ReadFails(hex, (ref MessagePackReader r) => r.ReadInt32());

    [Fact]
    public void ReadUInt64_Negative_Throws() =>
        ReadFails("FF", (ref MessagePackReader r) => r.ReadUInt64());

    [Theory]
    [InlineData("A0", "")]
    [InlineData("A3616263", "abc")]
    [InlineData("D903616263", "abc")]
    [InlineData("DA0003616263", "abc")]
    [InlineData("DB00000003616263", "abc")]
    [InlineData("A7C3A9F09F9A8021", "é🚀!")]
    public void ReadString_AnyStrFormat_DecodesUtf8(string hex, string expected) =>
        Assert.Equal(expected, FromHex(hex, (ref MessagePackReader r) => r.ReadString()));

    [Fact]
    public void ReadString_Nil_IsNull() =>
        Assert.Null(FromHex("C0", (ref MessagePackReader r) => r.ReadString()));

    [Fact]
    public void ReadDouble_Float32AndFloat64_AreRead()
    {
        Assert.Equal(1.5, FromHex("CB3FF8000000000000", (ref MessagePackReader r) => r.ReadDouble()));
        Assert.Equal(1.5, FromHex("CA3FC00000", (ref MessagePackReader r) => r.ReadDouble()));
    }

    [Fact]
    public void ReadMapAndExtensionHeaders_ReadCountsAndTypes()
    {
        Assert.Equal(1, FromHex("81C0C0", (ref MessagePackReader r) =>
        {
            var count = r.ReadMapHeader();
            r.TryReadNil();
            r.TryReadNil();
            return count;
        }));
        Assert.Equal(((sbyte)5, 3), FromHex("C70305010203", (ref MessagePackReader r) =>
        {
            var header = r.ReadExtensionHeader();
            r.ReadExtensionData(header.Length);
            return header;
        }));
    }

    [Theory]
    [InlineData("D6FF00000000", "1970-01-01T00:00:00.0000000Z")]
    [InlineData("D7FF7735940000000001", "1970-01-01T00:00:01.5000000Z")]
    [InlineData("C70CFF3B9AC99CFFFFFFFFFFFFFFFF", "1969-12-31T23:59:59.9999999Z")]
    [InlineData("D7FF00000190FFFFFFFF", "2106-02-07T06:28:15.0000001Z")]
    public void ReadTimestamp_AllThreeForms_ReadTheInstant(string hex, string expected) =>
        Assert.Equal(expected, FromHex(hex, (ref MessagePackReader r) => r.ReadTimestamp()).ToString("O", System.Globalization.CultureInfo.InvariantCulture));

    [Theory]
    [InlineData("", 0)]
    [InlineData("D9", 1)]
    [InlineData("A36162", 1)]
    [InlineData("DA00", 1)]
    [InlineData("DB7FFFFFFF61", 5)]
    public void ReadString_TruncatedOrOverLimit_ThrowsWithOffset(string hex, long offset)
    {
        var error = ReadFails(hex, (ref MessagePackReader r) => r.ReadString());
        Assert.Equal(offset, error.Offset);
        Assert.Contains($"at offset {offset}", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ReadString_WrongType_NamesBothTypes()
    {
        var error = ReadFails("CC05", (ref MessagePackReader r) => r.ReadString());
        Assert.Contains("Expected str, got uint8 (0xcc)", error.Message, StringComparison.Ordinal);
        Assert.Equal(0, error.Offset);
    }

    [Fact]
    public void ReadString_InvalidUtf8_Throws() =>
        ReadFails("A2C328", (ref MessagePackReader r) => r.ReadString());

    [Fact]
    public void ReadString_OverConfiguredLimit_ThrowsBeforeReading()
    {
        var options = new MessagePackReaderOptions { MaxStringBytes = 2 };
        ReadFails("A3616263", (ref MessagePackReader r) => r.ReadString(), options);
        ReadFails("D903616263", (ref MessagePackReader r) => r.ReadString(), options);
    }

    [Theory]
    [InlineData("DD7FFFFFFF")]
    [InlineData("DC0003C0C0")]
    [InlineData("DF00000002C0C0C0")]
    public void ReadCollectionHeader_CountBeyondRemainingBytes_Throws(string hex) =>
        ReadFails(hex, (ref MessagePackReader r) => hex.StartsWith("DF", StringComparison.Ordinal) ? r.ReadMapHeader() : r.ReadArrayHeader());

    [Fact]
    public void ReadArrayHeader_OverConfiguredLimit_Throws() =>
        ReadFails("93C0C0C0", (ref MessagePackReader r) => r.ReadArrayHeader(), new MessagePackReaderOptions { MaxCollectionLength = 2 });

    [Theory]
    [InlineData("D6FE00000000")]
    [InlineData("D5FF0000")]
    [InlineData("D7FFEE6B280000000000")]
    [InlineData("C70CFF000000007FFFFFFFFFFFFFFF")]
    public void ReadTimestamp_WrongTypeLengthNanosecondsOrRange_Throws(string hex) =>
        ReadFails(hex, (ref MessagePackReader r) => r.ReadTimestamp());

    [Theory]
    [InlineData("C41000112233445566778899AABBCCDDEEFF")]
    [InlineData("A0")]
    [InlineData("D9247A7A3131323233332D343435352D363637372D383839392D616162626363646465656666")]
    [InlineData("D9203030313132323333343435353636373738383939616162626363646465656666")]
    [InlineData("D9267B30303131323233332D343435352D363637372D383839392D6161626263636464656566667D")]
    [InlineData("D924202030303131323233333434353536363737383839396161626263636464656566662020")]
    public void ReadGuid_NotItsDString_Throws(string hex) =>
        ReadFails(hex, (ref MessagePackReader r) => r.ReadGuid());

    [Theory]
    [InlineData("A3312C35")]
    [InlineData("A0")]
    [InlineData("A431453130")]
    [InlineData("A2202031")]
    public void ReadDecimal_NotAnInvariantDecimalString_Throws(string hex) =>
        ReadFails(hex, (ref MessagePackReader r) => r.ReadDecimal());

    [Theory]
    [InlineData("92D6FF00000000CD0349")]
    [InlineData("92D6FF00000000D1FCB7")]
    [InlineData("92C70CFF00000000FFFFFFF1886E09003C")]
    [InlineData("91D6FF00000000")]
    public void ReadDateTimeOffset_BadOffsetOrShape_Throws(string hex) =>
        ReadFails(hex, (ref MessagePackReader r) => r.ReadDateTimeOffset());

    [Fact]
    public void EnsureEnd_TrailingBytes_Throws() =>
        ReadFails("C0C0", (ref MessagePackReader r) => r.TryReadNil());
}
