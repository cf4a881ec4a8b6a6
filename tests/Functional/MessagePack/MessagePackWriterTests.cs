using PerfAssert.Targets.Formats.MessagePack;
using static PerfAssert.Functional.MessagePack.MessagePackBytes;

namespace PerfAssert.Functional.MessagePack;

/// <summary>Hand-computed bytes from the MessagePack spec for every format family and its boundaries.</summary>
public sealed class MessagePackWriterTests
{
    [Theory]
    [InlineData(0L, "00")]
    [InlineData(127L, "7F")]
    [InlineData(128L, "CC80")]
    [InlineData(255L, "CCFF")]
    [InlineData(256L, "CD0100")]
    [InlineData(65535L, "CDFFFF")]
    [InlineData(65536L, "CE00010000")]
    [InlineData(4294967295L, "CEFFFFFFFF")]
    [InlineData(4294967296L, "CF0000000100000000")]
    [InlineData(-1L, "FF")]
    [InlineData(-32L, "E0")]
    [InlineData(-33L, "D0DF")]
    [InlineData(-128L, "D080")]
    [InlineData(-129L, "D1FF7F")]
    [InlineData(-32768L, "D18000")]
    [InlineData(-32769L, "D2FFFF7FFF")]
    [InlineData(-2147483648L, "D280000000")]
    [InlineData(-2147483649L, "D3FFFFFFFF7FFFFFFF")]
    [InlineData(long.MinValue, "D38000000000000000")]
    public void WriteInt64_Boundaries_UseTheSmallestEncoding(long value, string expected) =>
        Assert.Equal(expected, ToHex((ref MessagePackWriter w) => w.Write(value)));

    [Fact]
    public void WriteUInt64_MaxValue_IsUInt64() =>
        Assert.Equal("CFFFFFFFFFFFFFFFFF", ToHex((ref MessagePackWriter w) => w.Write(ulong.MaxValue)));

    [Fact]
    public void WriteNilAndBooleans_AreSingleBytes() =>
        Assert.Equal("C0C3C2", ToHex((ref MessagePackWriter w) =>
        {
            w.WriteNil();
            w.Write(true);
            w.Write(false);
        }));

    [Fact]
    public void WriteDouble_IsBigEndianFloat64() =>
        Assert.Equal("CB3FF8000000000000", ToHex((ref MessagePackWriter w) => w.Write(1.5)));

    [Theory]
    [InlineData(0, "A0")]
    [InlineData(31, "BF")]
    [InlineData(32, "D920")]
    [InlineData(255, "D9FF")]
    [InlineData(256, "DA0100")]
    [InlineData(65535, "DAFFFF")]
    [InlineData(65536, "DB00010000")]
    public void WriteString_ByUtf8Length_UsesFixstrThenStr8To32(int length, string header) =>
        Assert.Equal(header + Repeat("61", length), ToHex((ref MessagePackWriter w) => w.Write(new string('a', length))));

    [Fact]
    public void WriteString_NonAscii_CountsUtf8BytesNotChars() =>
        Assert.Equal("A7C3A9F09F9A8021", ToHex((ref MessagePackWriter w) => w.Write("é🚀!")));

    [Fact]
    public void WriteString_Null_IsNil() =>
        Assert.Equal("C0", ToHex((ref MessagePackWriter w) => w.Write((string?)null)));

    [Fact]
    public void WriteString_LoneSurrogate_ThrowsInsteadOfLosingIt() =>
        Assert.Throws<MessagePackSerializationException>(() => ToHex((ref MessagePackWriter w) => w.Write("a\ud800b")));

    [Fact]
    public void WriteString_LongWithLoneSurrogate_ThrowsToo() =>
        Assert.Throws<MessagePackSerializationException>(() => ToHex((ref MessagePackWriter w) => w.Write(new string('a', 20_000) + "\ud800")));

    [Theory]
    [InlineData(1)]
    [InlineData(10)]
    [InlineData(11)]
    [InlineData(5_000)]
    [InlineData(20_000)]
    public void WriteString_NonAsciiAcrossHeaderAndPassThresholds_ReadsBackEqual(int repeats)
    {
        var value = string.Concat(Enumerable.Repeat("é🚀", repeats));
        var hex = ToHex((ref MessagePackWriter w) => w.Write(value));
        Assert.Equal(value, FromHex(hex, (ref MessagePackReader r) => r.ReadString()));
    }

    [Theory]
    [InlineData(0, "C400")]
    [InlineData(255, "C4FF")]
    [InlineData(256, "C50100")]
    [InlineData(65536, "C600010000")]
    public void WriteBinary_ByLength_UsesBin8To32(int length, string header) =>
        Assert.Equal(header + Repeat("07", length), ToHex((ref MessagePackWriter w) => w.WriteBinary(Enumerable.Repeat((byte)7, length).ToArray())));

    [Theory]
    [InlineData(0, "90")]
    [InlineData(15, "9F")]
    [InlineData(16, "DC0010")]
    [InlineData(65535, "DCFFFF")]
    [InlineData(65536, "DD00010000")]
    public void WriteArrayHeader_ByCount_UsesFixarrayThenArray16And32(int count, string expected) =>
        Assert.Equal(expected, ToHex((ref MessagePackWriter w) => w.WriteArrayHeader(count)));

    [Theory]
    [InlineData(0, "80")]
    [InlineData(15, "8F")]
    [InlineData(16, "DE0010")]
    [InlineData(65536, "DF00010000")]
    public void WriteMapHeader_ByCount_UsesFixmapThenMap16And32(int count, string expected) =>
        Assert.Equal(expected, ToHex((ref MessagePackWriter w) => w.WriteMapHeader(count)));

    [Theory]
    [InlineData(1, "D405")]
    [InlineData(2, "D505")]
    [InlineData(4, "D605")]
    [InlineData(8, "D705")]
    [InlineData(16, "D805")]
    [InlineData(3, "C70305")]
    [InlineData(256, "C8010005")]
    [InlineData(65536, "C90001000005")]
    public void WriteExtensionHeader_ByLength_UsesFixextThenExt8To32(int length, string expected) =>
        Assert.Equal(expected, ToHex((ref MessagePackWriter w) => w.WriteExtensionHeader(5, length)));

    [Theory]
    [InlineData("1970-01-01T00:00:00.0000000Z", "D6FF00000000")]
    [InlineData("2106-02-07T06:28:15.0000000Z", "D6FFFFFFFFFF")]
    [InlineData("2106-02-07T06:28:16.0000000Z", "D7FF0000000100000000")]
    [InlineData("1970-01-01T00:00:01.5000000Z", "D7FF7735940000000001")]
    [InlineData("1969-12-31T23:59:59.0000000Z", "C70CFF00000000FFFFFFFFFFFFFFFF")]
    [InlineData("1969-12-31T23:59:59.9999999Z", "C70CFF3B9AC99CFFFFFFFFFFFFFFFF")]
    public void WriteTimestamp_ByRange_UsesTimestamp32Or64Or96(string utc, string expected)
    {
        var instant = DateTime.Parse(utc, System.Globalization.CultureInfo.InvariantCulture, System.Globalization.DateTimeStyles.RoundtripKind);
        Assert.Equal(expected, ToHex((ref MessagePackWriter w) => w.WriteTimestamp(instant)));
    }

    [Fact]
    public void WriteGuid_IsItsDStringAsMessagePackCSharpWritesIt() =>
        Assert.Equal("D92430303131323233332D343435352D363637372D383839392D616162626363646465656666", ToHex((ref MessagePackWriter w) => w.Write(Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"))));

    [Theory]
    [InlineData("19.90", "A531392E3930")]
    [InlineData("-0.001", "A62D302E303031")]
    [InlineData("100", "A3313030")]
    public void WriteDecimal_IsItsInvariantStringWithScale(string value, string expected) =>
        Assert.Equal(expected, ToHex((ref MessagePackWriter w) => w.Write(decimal.Parse(value, System.Globalization.CultureInfo.InvariantCulture))));

    [Fact]
    public void WriteDateTimeOffset_IsTheLocalClockAsATimestampAndTheOffsetInMinutes() =>
        Assert.Equal("92D6FF00001C2078", ToHex((ref MessagePackWriter w) => w.Write(new DateTimeOffset(1970, 1, 1, 2, 0, 0, TimeSpan.FromHours(2)))));

    [Fact]
    public void WriteDateTimeOffset_NegativeOffset_IsNegativeFixintOrInt16() =>
        Assert.Equal("92D6FF00000E10D1FF2E", ToHex((ref MessagePackWriter w) => w.Write(new DateTimeOffset(1970, 1, 1, 1, 0, 0, TimeSpan.FromMinutes(-210)))));
}
