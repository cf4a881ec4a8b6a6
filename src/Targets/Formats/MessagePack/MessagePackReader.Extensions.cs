using System.Buffers.Binary;

namespace PerfAssert.Targets.Formats.MessagePack;

// The ext family (fixext1..16, ext8..32) and the timestamp extension (type -1) built on it.
public ref partial struct MessagePackReader
{
    /// <summary>Reads a fixext or ext header; the data (at most the bytes left) follows.</summary>
    public (sbyte Type, int Length) ReadExtensionHeader()
    {
        var start = _position;
        var code = ReadCode();
        long length = code switch
        {
            MessagePackCode.FixExt1 => 1,
            MessagePackCode.FixExt2 => 2,
            MessagePackCode.FixExt4 => 4,
            MessagePackCode.FixExt8 => 8,
            MessagePackCode.FixExt16 => 16,
            >= MessagePackCode.Ext8 and <= MessagePackCode.Ext32 => ReadLength(code - MessagePackCode.Ext8),
            _ => throw WrongType(code, "ext"),
        };
        var type = unchecked((sbyte)ReadBytes(1)[0]);
        if (length > _options.MaxBinaryBytes)
        {
            throw new MessagePackSerializationException($"An ext declares {length} bytes, more than the limit of {_options.MaxBinaryBytes}", start);
        }

        return length <= _buffer.Length - _position ? (type, (int)length) : throw Truncated(_position, length);
    }

    /// <summary>Reads the bytes of an extension's data after its header.</summary>
    public ReadOnlySpan<byte> ReadExtensionData(int length) => ReadBytes(length);

    /// <summary>
    /// Reads the timestamp extension (type -1, 32, 64 or 96 bits) as a UTC <see cref="DateTime"/>.
    /// Nanoseconds finer than .NET's 100 ns tick are truncated; instants outside DateTime's range are rejected.
    /// </summary>
    public DateTime ReadTimestamp()
    {
        var start = _position;
        var (type, length) = ReadExtensionHeader();
        if (type != MessagePackCode.TimestampExtension)
        {
            throw new MessagePackSerializationException($"Expected the timestamp extension (-1), got extension type {type}", start);
        }

        var data = ReadBytes(length);
        (long seconds, uint nanoseconds) = length switch
        {
            4 => (BinaryPrimitives.ReadUInt32BigEndian(data), 0u),
            8 => ((long)(BinaryPrimitives.ReadUInt64BigEndian(data) & 0x3_ffff_ffffUL), (uint)(BinaryPrimitives.ReadUInt64BigEndian(data) >> 34)),
            12 => (BinaryPrimitives.ReadInt64BigEndian(data[4..]), BinaryPrimitives.ReadUInt32BigEndian(data)),
            _ => throw new MessagePackSerializationException($"A timestamp has 4, 8 or 12 bytes, not {length}", start),
        };
        if (nanoseconds >= 1_000_000_000)
        {
            throw new MessagePackSerializationException($"A timestamp's nanoseconds must be below 1e9, got {nanoseconds}", start);
        }

        const long MinSeconds = -62_135_596_800; // 0001-01-01T00:00:00Z
        const long MaxSeconds = 253_402_300_799; // 9999-12-31T23:59:59Z
        if (seconds is < MinSeconds or > MaxSeconds)
        {
            throw new MessagePackSerializationException($"The timestamp {seconds} s is outside the range of DateTime", start);
        }

        return new DateTime(DateTime.UnixEpoch.Ticks + (seconds * TimeSpan.TicksPerSecond) + (nanoseconds / 100), DateTimeKind.Utc);
    }
}
