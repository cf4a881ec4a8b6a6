using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;

namespace PerfAssert.Targets.Protos;

/// <summary>
/// The scalar mappings protobuf has no exact type for: decimal with its scale, <see cref="DateTimeOffset"/> with its
/// offset, <see cref="Guid"/> as 16 big-endian bytes. Values from the wire that no C# value can hold throw
/// <see cref="FormatException"/>; absent messages read as the C# default (0m, <c>default(DateTimeOffset)</c>).
/// </summary>
public static class ProtoValues
{
    // DateTimeOffset allows offsets up to 14 hours either way.
    private const int MaxOffsetMinutes = 14 * 60;

    public static DecimalValue FromDecimal(decimal value)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);
        return new DecimalValue
        {
            Low64 = (uint)bits[0] | ((ulong)(uint)bits[1] << 32),
            High32 = (uint)bits[2],
            Scale = value.Scale,
            // The sign bit, not value < 0: decimal has a negative zero, and it round-trips too.
            Negative = bits[3] < 0,
        };
    }

    public static decimal ToDecimal(DecimalValue? message)
    {
        if (message is null)
        {
            return 0m;
        }

        if (message.Scale > 28)
        {
            throw new FormatException($"A decimal's scale is at most 28, got {message.Scale}.");
        }

        return new decimal((int)(uint)message.Low64, (int)(uint)(message.Low64 >> 32), (int)message.High32, message.Negative, (byte)message.Scale);
    }

    public static OffsetDateTime FromDateTimeOffset(DateTimeOffset value)
    {
        var sinceEpoch = value.UtcTicks - DateTime.UnixEpoch.Ticks;
        var seconds = Math.DivRem(sinceEpoch, TimeSpan.TicksPerSecond, out var remainder);
        if (remainder < 0)
        {
            // Timestamp nanos are never negative: borrow a second before the Unix epoch.
            seconds--;
            remainder += TimeSpan.TicksPerSecond;
        }

        return new OffsetDateTime
        {
            Instant = new Timestamp { Seconds = seconds, Nanos = (int)(remainder * 100) },
            OffsetMinutes = (int)value.Offset.TotalMinutes,
        };
    }

    public static DateTimeOffset ToDateTimeOffset(OffsetDateTime? message)
    {
        if (message?.Instant is not { } instant)
        {
            return default;
        }

        if (instant.Nanos is < 0 or > 999_999_999 || Math.Abs(message.OffsetMinutes) > MaxOffsetMinutes)
        {
            throw new FormatException($"Not a valid date and time: {instant.Seconds} s, {instant.Nanos} ns, offset {message.OffsetMinutes} min.");
        }

        try
        {
            var offset = TimeSpan.FromMinutes(message.OffsetMinutes);
            var utcTicks = checked(DateTime.UnixEpoch.Ticks + (instant.Seconds * TimeSpan.TicksPerSecond) + (instant.Nanos / 100));
            return new DateTimeOffset(checked(utcTicks + offset.Ticks), offset);
        }
        catch (Exception ex) when (ex is ArgumentOutOfRangeException or OverflowException)
        {
            throw new FormatException($"The date and time {instant.Seconds} s, offset {message.OffsetMinutes} min is out of range.", ex);
        }
    }

    public static ByteString FromGuid(Guid value)
    {
        Span<byte> bytes = stackalloc byte[16];
        value.TryWriteBytes(bytes, bigEndian: true, out _);
        return ByteString.CopyFrom(bytes);
    }

    public static Guid ToGuid(ByteString bytes)
    {
        ArgumentNullException.ThrowIfNull(bytes);
        return bytes.Length switch
        {
            0 => Guid.Empty,
            16 => new Guid(bytes.Span, bigEndian: true),
            _ => throw new FormatException($"A Guid is 16 bytes, got {bytes.Length}."),
        };
    }
}
