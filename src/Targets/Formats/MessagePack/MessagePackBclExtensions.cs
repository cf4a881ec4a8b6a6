using System.Globalization;

namespace PerfAssert.Targets.Formats.MessagePack;

/// <summary>
/// The MessagePack encodings of the BCL types the contracts use, which the spec has no type for, as MessagePack-CSharp's
/// standard resolver writes them, so a real MessagePack-CSharp peer reads and writes the same bytes:
/// <list type="bullet">
/// <item><see cref="Guid"/>: its 36-character "D" string, lowercase (str 8); reading accepts exactly that form.</item>
/// <item><see cref="decimal"/>: its invariant string, for example <c>"19.90"</c>: it keeps the scale and any other
/// implementation can parse it.</item>
/// <item><see cref="DateTimeOffset"/>: an array of the local clock time as a timestamp extension (-1), that is the
/// value's own ticks taken as if they were UTC, and the offset in whole minutes. The timestamp is therefore not the
/// instant: a peer that reads it as one is off by the offset, as it is with MessagePack-CSharp itself.</item>
/// </list>
/// </summary>
public static class MessagePackBclExtensions
{
    // A Guid's "D" form: 32 hex digits and 4 hyphens.
    private const int GuidChars = 36;

    // The longest invariant decimal is 31 characters: sign, 29 digits and a point.
    private const int MaxDecimalChars = 32;

    // DateTimeOffset allows offsets of at most 14 hours either way.
    private const int MaxOffsetMinutes = 14 * 60;

    private const NumberStyles DecimalStyle = NumberStyles.AllowLeadingSign | NumberStyles.AllowDecimalPoint;

    public static void Write(ref this MessagePackWriter writer, Guid value)
    {
        Span<byte> utf8 = stackalloc byte[GuidChars];
        value.TryFormat(utf8, out _, "D");
        writer.WriteStringUtf8(utf8);
    }

    public static Guid ReadGuid(ref this MessagePackReader reader)
    {
        var start = reader.Position;
        var utf8 = reader.ReadStringUtf8();
        // 36 characters with the hyphens in place is the "D" form (no padding, no braces); parsing the UTF-8 bytes allocates nothing.
        return utf8.Length == GuidChars && utf8[8] == '-' && utf8[13] == '-' && utf8[18] == '-' && utf8[23] == '-' && Guid.TryParse(utf8, out var value)
            ? value
            : throw new MessagePackSerializationException($"A Guid is its 36-character \"D\" string, for example \"{Guid.Empty}\"", start);
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
        writer.WriteTimestamp(new DateTime(value.Ticks, DateTimeKind.Utc));
        writer.Write((int)(value.Offset.Ticks / TimeSpan.TicksPerMinute));
    }

    public static DateTimeOffset ReadDateTimeOffset(ref this MessagePackReader reader)
    {
        var start = reader.Position;
        reader.ReadFieldCount(2, nameof(DateTimeOffset));
        var clock = reader.ReadTimestamp();
        var minutes = reader.ReadInt32();
        var offsetTicks = minutes * TimeSpan.TicksPerMinute;
        var utcTicks = clock.Ticks - offsetTicks;
        if (minutes is < -MaxOffsetMinutes or > MaxOffsetMinutes || utcTicks < DateTime.MinValue.Ticks || utcTicks > DateTime.MaxValue.Ticks)
        {
            throw new MessagePackSerializationException($"The offset {minutes} min is out of range for the clock time {clock:yyyy-MM-ddTHH:mm:ss.FFFFFFF}", start);
        }

        return new DateTimeOffset(clock.Ticks, new TimeSpan(offsetTicks));
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
