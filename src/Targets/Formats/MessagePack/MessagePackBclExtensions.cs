using System.Globalization;

namespace PerfAssert.Targets.Formats.MessagePack;

/// <summary>
/// Lossless MessagePack encodings of the BCL types the contracts use, which the spec has no type for.
/// <list type="bullet">
/// <item><see cref="Guid"/>: bin 16 in RFC 9562 (big-endian) byte order, so the bytes read like its "D" string;
/// 18 bytes instead of the 38 of MessagePack-CSharp's default string form.</item>
/// <item><see cref="decimal"/>: its invariant string, for example <c>"19.90"</c>, as MessagePack-CSharp does: it keeps
/// the scale, any other implementation can parse it, and it is shorter than the 16 raw bytes for prices.</item>
/// <item><see cref="DateTimeOffset"/>: an array of the instant as a timestamp extension (-1) and the offset in minutes,
/// so both the instant and the offset survive.</item>
/// </list>
/// </summary>
public static class MessagePackBclExtensions
{
    private const int GuidBytes = 16;

    // The longest invariant decimal is 31 characters: sign, 29 digits and a point.
    private const int MaxDecimalChars = 32;

    // DateTimeOffset allows offsets of at most 14 hours either way.
    private const int MaxOffsetMinutes = 14 * 60;

    private const NumberStyles DecimalStyle = NumberStyles.AllowLeadingSign | NumberStyles.AllowDecimalPoint;

    public static void Write(ref this MessagePackWriter writer, Guid value)
    {
        var span = writer.GetSpan(GuidBytes + 2);
        span[0] = MessagePackCode.Bin8;
        span[1] = GuidBytes;
        value.TryWriteBytes(span[2..], bigEndian: true, out _);
        writer.Advance(GuidBytes + 2);
    }

    public static Guid ReadGuid(ref this MessagePackReader reader)
    {
        var start = reader.Position;
        var bytes = reader.ReadBinary();
        return bytes.Length == GuidBytes
            ? new Guid(bytes, bigEndian: true)
            : throw new MessagePackSerializationException($"A Guid is bin 16, got bin {bytes.Length}", start);
    }

    public static void Write(ref this MessagePackWriter writer, decimal value)
    {
        Span<byte> utf8 = stackalloc byte[MaxDecimalChars];
        value.TryFormat(utf8, out var written, default, CultureInfo.InvariantCulture);
        writer.WriteStringUtf8(utf8[..written]);
    }

    public static decimal ReadDecimal(ref this MessagePackReader reader)
    {
        var start = reader.Position;
        var utf8 = reader.ReadStringUtf8();
        return utf8.Length <= MaxDecimalChars && decimal.TryParse(utf8, DecimalStyle, CultureInfo.InvariantCulture, out var value)
            ? value
            : throw new MessagePackSerializationException("A decimal is its invariant string, for example \"19.90\"", start);
    }

    public static void Write(ref this MessagePackWriter writer, DateTimeOffset value)
    {
        writer.WriteArrayHeader(2);
        writer.WriteTimestamp(value.UtcDateTime);
        writer.Write((int)(value.Offset.Ticks / TimeSpan.TicksPerMinute));
    }

    public static DateTimeOffset ReadDateTimeOffset(ref this MessagePackReader reader)
    {
        var start = reader.Position;
        reader.ReadFieldCount(2, nameof(DateTimeOffset));
        var utc = reader.ReadTimestamp();
        var minutes = reader.ReadInt32();
        var offsetTicks = minutes * TimeSpan.TicksPerMinute;
        var localTicks = utc.Ticks + offsetTicks;
        if (minutes is < -MaxOffsetMinutes or > MaxOffsetMinutes || localTicks < DateTime.MinValue.Ticks || localTicks > DateTime.MaxValue.Ticks)
        {
            throw new MessagePackSerializationException($"The offset {minutes} min is out of range for {utc:O}", start);
        }

        return new DateTimeOffset(localTicks, new TimeSpan(offsetTicks));
    }

    /// <summary>Reads the array header of a contract and fails unless it has exactly <paramref name="expected"/> fields.</summary>
    public static void ReadFieldCount(ref this MessagePackReader reader, int expected, string typeName)
    {
        var start = reader.Position;
        var count = reader.ReadArrayHeader();
        if (count != expected)
        {
            throw new MessagePackSerializationException($"{typeName} is an array of {expected} fields, got {count}", start);
        }
    }
}
