using System.Buffers.Binary;
using System.Text;

namespace PerfAssert.Targets.Formats.MessagePack;

/// <summary>
/// Reads MessagePack (spec 2.0) from a contiguous span, strictly: every read checks the bytes left, every
/// declared length is checked against the data left and the <see cref="MessagePackReaderOptions"/> limits before
/// anything is allocated, and any problem is a <see cref="MessagePackSerializationException"/> with its offset.
/// </summary>
public ref partial struct MessagePackReader
{
    // Invalid UTF-8 would silently become U+FFFD with the default decoder; a corrupt payload must be rejected.
    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    private readonly ReadOnlySpan<byte> _buffer;
    private readonly MessagePackReaderOptions _options;
    private int _position;

    public MessagePackReader(ReadOnlySpan<byte> buffer, MessagePackReaderOptions? options = null)
    {
        _buffer = buffer;
        _options = options ?? MessagePackReaderOptions.Default;
        _position = 0;
    }

    /// <summary>How many bytes have been consumed.</summary>
    public readonly int Position => _position;

    /// <summary>Whether every byte has been consumed.</summary>
    public readonly bool End => _position >= _buffer.Length;

    public readonly MessagePackReaderOptions Options => _options;

    /// <summary>The format byte of the next value, without consuming it.</summary>
    public readonly byte PeekCode()
    {
        if (_position >= _buffer.Length)
        {
            throw Truncated(_position, 1);
        }

        return _buffer[_position];
    }

    /// <summary>Consumes a nil and returns <see langword="true"/>, or leaves any other value in place.</summary>
    public bool TryReadNil()
    {
        if (PeekCode() != MessagePackCode.Nil)
        {
            return false;
        }

        _position++;
        return true;
    }

    public bool ReadBoolean()
    {
        var code = ReadCode();
        return code switch
        {
            MessagePackCode.True => true,
            MessagePackCode.False => false,
            _ => throw WrongType(code, "bool"),
        };
    }

    public int ReadInt32()
    {
        var start = _position;
        var value = ReadInt64();
        return value is >= int.MinValue and <= int.MaxValue
            ? (int)value
            : throw new MessagePackSerializationException($"The integer {value} does not fit an Int32", start);
    }

    public long ReadInt64()
    {
        var code = ReadCode();
        switch (code)
        {
            case <= MessagePackCode.MaxPositiveFixInt:
                return code;
            case >= MessagePackCode.MinNegativeFixInt:
                return unchecked((sbyte)code);
            case MessagePackCode.UInt64:
                var value = BinaryPrimitives.ReadUInt64BigEndian(ReadBytes(8));
                return value <= long.MaxValue
                    ? (long)value
                    : throw new MessagePackSerializationException($"The integer {value} does not fit an Int64", _position - 9);
            case MessagePackCode.Int8:
                return unchecked((sbyte)ReadBytes(1)[0]);
            case MessagePackCode.Int16:
                return BinaryPrimitives.ReadInt16BigEndian(ReadBytes(2));
            case MessagePackCode.Int32:
                return BinaryPrimitives.ReadInt32BigEndian(ReadBytes(4));
            case MessagePackCode.Int64:
                return BinaryPrimitives.ReadInt64BigEndian(ReadBytes(8));
            default:
                return (long)ReadUnsignedTail(code, "an integer");
        }
    }

    public ulong ReadUInt64()
    {
        var code = ReadCode();
        if (code <= MessagePackCode.MaxPositiveFixInt)
        {
            return code;
        }

        if (code >= MessagePackCode.MinNegativeFixInt || code is >= MessagePackCode.Int8 and <= MessagePackCode.Int64)
        {
            _position--;
            var start = _position;
            var signed = ReadInt64();
            return signed >= 0
                ? (ulong)signed
                : throw new MessagePackSerializationException($"The integer {signed} does not fit a UInt64", start);
        }

        return code == MessagePackCode.UInt64 ? BinaryPrimitives.ReadUInt64BigEndian(ReadBytes(8)) : ReadUnsignedTail(code, "an unsigned integer");
    }

    /// <summary>Reads a float32, float64 or integer as a double.</summary>
    public double ReadDouble()
    {
        var code = PeekCode();
        switch (code)
        {
            case MessagePackCode.Float64:
                _position++;
                return BinaryPrimitives.ReadDoubleBigEndian(ReadBytes(8));
            case MessagePackCode.Float32:
                _position++;
                return BinaryPrimitives.ReadSingleBigEndian(ReadBytes(4));
            case MessagePackCode.UInt64:
                return ReadUInt64();
            default:
                return ReadInt64();
        }
    }

    /// <summary>Reads a str as a .NET string, or <see langword="null"/> for nil.</summary>
    public string? ReadString()
    {
        if (TryReadNil())
        {
            return null;
        }

        var start = _position;
        var utf8 = ReadStringUtf8();
        try
        {
            return utf8.IsEmpty ? string.Empty : StrictUtf8.GetString(utf8);
        }
        catch (DecoderFallbackException ex)
        {
            throw new MessagePackSerializationException("A str holds invalid UTF-8", start, ex);
        }
    }

    /// <summary>Reads a str's raw UTF-8 bytes (no nil, not validated) as a slice of the input.</summary>
    public ReadOnlySpan<byte> ReadStringUtf8()
    {
        var code = ReadCode();
        if (code is >= MessagePackCode.MinFixStr and <= MessagePackCode.MaxFixStr)
        {
            return ReadPayload(code & 0x1f, _options.MaxStringBytes, "str");
        }

        return code is >= MessagePackCode.Str8 and <= MessagePackCode.Str32
            ? ReadPayload(ReadLength(code - MessagePackCode.Str8), _options.MaxStringBytes, "str")
            : throw WrongType(code, "str");
    }

    /// <summary>Reads a bin8, bin16 or bin32 as a slice of the input.</summary>
    public ReadOnlySpan<byte> ReadBinary()
    {
        var code = ReadCode();
        return code is >= MessagePackCode.Bin8 and <= MessagePackCode.Bin32
            ? ReadPayload(ReadLength(code - MessagePackCode.Bin8), _options.MaxBinaryBytes, "bin")
            : throw WrongType(code, "bin");
    }

    /// <summary>Reads an array header; the count is at most the bytes left, as every element takes one byte or more.</summary>
    public int ReadArrayHeader()
    {
        var code = ReadCode();
        var count = code switch
        {
            >= MessagePackCode.MinFixArray and <= MessagePackCode.MaxFixArray => code & 0x0f,
            MessagePackCode.Array16 => ReadLength(1),
            MessagePackCode.Array32 => ReadLength(2),
            _ => throw WrongType(code, "array"),
        };
        return CheckCount(count, 1, "array");
    }

    /// <summary>Reads a map header; the count is at most half the bytes left, as every entry takes two bytes or more.</summary>
    public int ReadMapHeader()
    {
        var code = ReadCode();
        var count = code switch
        {
            >= MessagePackCode.MinFixMap and <= MessagePackCode.MaxFixMap => code & 0x0f,
            MessagePackCode.Map16 => ReadLength(1),
            MessagePackCode.Map32 => ReadLength(2),
            _ => throw WrongType(code, "map"),
        };
        return CheckCount(count, 2, "map");
    }

    /// <summary>Fails unless every byte has been consumed: trailing data means the payload is not what it claims.</summary>
    public readonly void EnsureEnd()
    {
        if (!End)
        {
            throw new MessagePackSerializationException($"{_buffer.Length - _position} unexpected bytes after the value", _position);
        }
    }

    private byte ReadCode()
    {
        var code = PeekCode();
        _position++;
        return code;
    }

    private ReadOnlySpan<byte> ReadBytes(int count)
    {
        if ((uint)count > (uint)(_buffer.Length - _position))
        {
            throw Truncated(_position, count);
        }

        var bytes = _buffer.Slice(_position, count);
        _position += count;
        return bytes;
    }

    // Reads the 8-, 16- or 32-bit big-endian length that follows a format byte (widthIndex 0, 1 or 2).
    private long ReadLength(int widthIndex) => widthIndex switch
    {
        0 => ReadBytes(1)[0],
        1 => BinaryPrimitives.ReadUInt16BigEndian(ReadBytes(2)),
        _ => BinaryPrimitives.ReadUInt32BigEndian(ReadBytes(4)),
    };

    private ReadOnlySpan<byte> ReadPayload(long length, int limit, string kind)
    {
        if (length > limit)
        {
            throw new MessagePackSerializationException($"A {kind} declares {length} bytes, more than the limit of {limit}", _position);
        }

        return ReadBytes((int)length);
    }

    private readonly int CheckCount(long count, int minimumBytesPerItem, string kind)
    {
        if (count > _options.MaxCollectionLength)
        {
            throw new MessagePackSerializationException($"An {kind} declares {count} items, more than the limit of {_options.MaxCollectionLength}", _position);
        }

        return count * minimumBytesPerItem <= _buffer.Length - _position
            ? (int)count
            : throw new MessagePackSerializationException($"An {kind} declares {count} items but only {_buffer.Length - _position} bytes are left", _position);
    }

    private ulong ReadUnsignedTail(byte code, string expected) => code switch
    {
        MessagePackCode.UInt8 => ReadBytes(1)[0],
        MessagePackCode.UInt16 => BinaryPrimitives.ReadUInt16BigEndian(ReadBytes(2)),
        MessagePackCode.UInt32 => BinaryPrimitives.ReadUInt32BigEndian(ReadBytes(4)),
        _ => throw WrongType(code, expected),
    };

    private readonly MessagePackSerializationException WrongType(byte code, string expected) =>
        new($"Expected {expected}, got {MessagePackCode.Describe(code)}", _position - 1);

    private static MessagePackSerializationException Truncated(int offset, long needed) =>
        new($"The input ends early: {needed} more byte(s) needed", offset);
}
