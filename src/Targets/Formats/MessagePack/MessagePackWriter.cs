using System.Buffers;
using System.Buffers.Binary;

namespace PerfAssert.Targets.Formats.MessagePack;

/// <summary>
/// Writes MessagePack (spec 2.0) into an <see cref="IBufferWriter{T}"/>, always choosing the smallest encoding of
/// an integer, string, binary, array, map or extension header. It keeps the span it was last given and advances
/// the output in one step per span, so call <see cref="Flush"/> when done.
/// </summary>
public ref partial struct MessagePackWriter
{
    // Asking for less than this per span would make every short field a call into the output.
    private const int MinimumSpanSize = 512;

    private readonly IBufferWriter<byte> _output;
    private Span<byte> _span;
    private int _buffered;

    public MessagePackWriter(IBufferWriter<byte> output)
    {
        ArgumentNullException.ThrowIfNull(output);
        _output = output;
        _span = default;
        _buffered = 0;
    }

    /// <summary>Returns a span of at least <paramref name="length"/> bytes at the current position.</summary>
    public Span<byte> GetSpan(int length)
    {
        if (_span.Length - _buffered < length)
        {
            Flush();
            _span = _output.GetSpan(Math.Max(length, MinimumSpanSize));
        }

        return _span[_buffered..];
    }

    /// <summary>Marks <paramref name="count"/> bytes of the last <see cref="GetSpan"/> as written.</summary>
    public void Advance(int count) => _buffered += count;

    /// <summary>Commits the written bytes to the output.</summary>
    public void Flush()
    {
        if (_buffered > 0)
        {
            _output.Advance(_buffered);
        }

        _buffered = 0;
        _span = default;
    }

    public void WriteNil()
    {
        GetSpan(1)[0] = MessagePackCode.Nil;
        Advance(1);
    }

    public void Write(bool value)
    {
        GetSpan(1)[0] = value ? MessagePackCode.True : MessagePackCode.False;
        Advance(1);
    }

    public void Write(int value) => Write((long)value);

    /// <summary>Writes a signed integer; non-negative values use the unsigned formats, as the spec's smallest form.</summary>
    public void Write(long value)
    {
        if (value >= 0)
        {
            Write((ulong)value);
            return;
        }

        var span = GetSpan(9);
        if (value >= -32)
        {
            span[0] = unchecked((byte)value);
            Advance(1);
        }
        else if (value >= sbyte.MinValue)
        {
            span[0] = MessagePackCode.Int8;
            span[1] = unchecked((byte)value);
            Advance(2);
        }
        else if (value >= short.MinValue)
        {
            span[0] = MessagePackCode.Int16;
            BinaryPrimitives.WriteInt16BigEndian(span[1..], (short)value);
            Advance(3);
        }
        else if (value >= int.MinValue)
        {
            span[0] = MessagePackCode.Int32;
            BinaryPrimitives.WriteInt32BigEndian(span[1..], (int)value);
            Advance(5);
        }
        else
        {
            span[0] = MessagePackCode.Int64;
            BinaryPrimitives.WriteInt64BigEndian(span[1..], value);
            Advance(9);
        }
    }

    public void Write(ulong value)
    {
        var span = GetSpan(9);
        if (value <= MessagePackCode.MaxPositiveFixInt)
        {
            span[0] = (byte)value;
            Advance(1);
        }
        else if (value <= byte.MaxValue)
        {
            span[0] = MessagePackCode.UInt8;
            span[1] = (byte)value;
            Advance(2);
        }
        else if (value <= ushort.MaxValue)
        {
            span[0] = MessagePackCode.UInt16;
            BinaryPrimitives.WriteUInt16BigEndian(span[1..], (ushort)value);
            Advance(3);
        }
        else if (value <= uint.MaxValue)
        {
            span[0] = MessagePackCode.UInt32;
            BinaryPrimitives.WriteUInt32BigEndian(span[1..], (uint)value);
            Advance(5);
        }
        else
        {
            span[0] = MessagePackCode.UInt64;
            BinaryPrimitives.WriteUInt64BigEndian(span[1..], value);
            Advance(9);
        }
    }

    /// <summary>Writes a float64; the targets never narrow doubles to float32.</summary>
    public void Write(double value)
    {
        var span = GetSpan(9);
        span[0] = MessagePackCode.Float64;
        BinaryPrimitives.WriteDoubleBigEndian(span[1..], value);
        Advance(9);
    }

    /// <summary>Writes a bin8, bin16 or bin32.</summary>
    public void WriteBinary(scoped ReadOnlySpan<byte> value)
    {
        WriteLengthHeader(GetSpan(5), value.Length, MessagePackCode.Bin8);
        WriteRaw(value);
    }

    public void WriteArrayHeader(int count) =>
        WriteCollectionHeader(count, MessagePackCode.MinFixArray, MessagePackCode.Array16);

    public void WriteMapHeader(int count) =>
        WriteCollectionHeader(count, MessagePackCode.MinFixMap, MessagePackCode.Map16);

    /// <summary>Writes a fixext or ext header; the caller then writes <paramref name="length"/> bytes of data.</summary>
    public void WriteExtensionHeader(sbyte type, int length)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(length);
        var span = GetSpan(6);
        var fixCode = length switch
        {
            1 => MessagePackCode.FixExt1,
            2 => MessagePackCode.FixExt2,
            4 => MessagePackCode.FixExt4,
            8 => MessagePackCode.FixExt8,
            16 => MessagePackCode.FixExt16,
            _ => (byte)0,
        };
        if (fixCode != 0)
        {
            span[0] = fixCode;
            span[1] = unchecked((byte)type);
            Advance(2);
            return;
        }

        WriteLengthHeader(span, length, MessagePackCode.Ext8);
        GetSpan(1)[0] = unchecked((byte)type);
        Advance(1);
    }

    /// <summary>Writes the timestamp extension (type -1) in its smallest form: 32, 64 or 96 bits.</summary>
    public void WriteTimestamp(DateTime utc)
    {
        var ticks = utc.Ticks - DateTime.UnixEpoch.Ticks;
        var seconds = Math.DivRem(ticks, TimeSpan.TicksPerSecond, out var remainder);
        if (remainder < 0)
        {
            seconds--;
            remainder += TimeSpan.TicksPerSecond;
        }

        var nanoseconds = (uint)remainder * 100;
        if (seconds >> 34 == 0)
        {
            var data64 = ((ulong)nanoseconds << 34) | (ulong)seconds;
            if ((data64 & 0xffffffff00000000UL) == 0)
            {
                WriteExtensionHeader(MessagePackCode.TimestampExtension, 4);
                BinaryPrimitives.WriteUInt32BigEndian(GetSpan(4), (uint)data64);
                Advance(4);
            }
            else
            {
                WriteExtensionHeader(MessagePackCode.TimestampExtension, 8);
                BinaryPrimitives.WriteUInt64BigEndian(GetSpan(8), data64);
                Advance(8);
            }

            return;
        }

        WriteExtensionHeader(MessagePackCode.TimestampExtension, 12);
        var span = GetSpan(12);
        BinaryPrimitives.WriteUInt32BigEndian(span, nanoseconds);
        BinaryPrimitives.WriteInt64BigEndian(span[4..], seconds);
        Advance(12);
    }

    /// <summary>Copies already encoded MessagePack bytes.</summary>
    public void WriteRaw(scoped ReadOnlySpan<byte> bytes)
    {
        bytes.CopyTo(GetSpan(bytes.Length));
        Advance(bytes.Length);
    }

    private void WriteCollectionHeader(int count, byte fixCode, byte code16)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        var span = GetSpan(5);
        if (count <= 15)
        {
            span[0] = (byte)(fixCode | count);
            Advance(1);
        }
        else if (count <= ushort.MaxValue)
        {
            span[0] = code16;
            BinaryPrimitives.WriteUInt16BigEndian(span[1..], (ushort)count);
            Advance(3);
        }
        else
        {
            span[0] = (byte)(code16 + 1);
            BinaryPrimitives.WriteUInt32BigEndian(span[1..], (uint)count);
            Advance(5);
        }
    }

    // str8/16/32, bin8/16/32 and ext8/16/32 each use three consecutive codes for 8-, 16- and 32-bit lengths.
    private void WriteLengthHeader(Span<byte> span, int length, byte code8)
    {
        if (length <= byte.MaxValue)
        {
            span[0] = code8;
            span[1] = (byte)length;
            Advance(2);
        }
        else if (length <= ushort.MaxValue)
        {
            span[0] = (byte)(code8 + 1);
            BinaryPrimitives.WriteUInt16BigEndian(span[1..], (ushort)length);
            Advance(3);
        }
        else
        {
            span[0] = (byte)(code8 + 2);
            BinaryPrimitives.WriteUInt32BigEndian(span[1..], (uint)length);
            Advance(5);
        }
    }
}
