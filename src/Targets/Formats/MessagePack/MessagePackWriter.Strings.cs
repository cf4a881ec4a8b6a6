using System.Buffers;
using System.Buffers.Binary;
using System.Text;
using System.Text.Unicode;

namespace PerfAssert.Targets.Formats.MessagePack;

// The str family: fixstr, str8, str16 and str32, always UTF-8 and always the smallest header.
public ref partial struct MessagePackWriter
{
    // Above this many chars the worst-case span gets large; two passes (count, then encode) ask only for what is needed.
    private const int OnePassStringChars = 16 * 1024;

    // Lone surrogates would silently become U+FFFD with the default encoder; the payload must stay lossless.
    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    /// <summary>Writes a UTF-8 str, or nil for <see langword="null"/>.</summary>
    public void Write(string? value)
    {
        if (value is null)
        {
            WriteNil();
            return;
        }

        Write(value.AsSpan());
    }

    public void Write(scoped ReadOnlySpan<char> value)
    {
        if (value.Length > OnePassStringChars)
        {
            WriteLongString(value);
            return;
        }

        // One pass: encode behind a header sized for the worst case (3 bytes per UTF-16 unit), then move the bytes
        // back if the string turned out short enough for a smaller header.
        var maxHeader = StringHeaderLength(value.Length * 3);
        var span = GetSpan(maxHeader + (value.Length * 3));
        if (Utf8.FromUtf16(value, span[maxHeader..], out _, out var byteCount, replaceInvalidSequences: false) != OperationStatus.Done)
        {
            throw LoneSurrogate(null);
        }

        var header = StringHeaderLength(byteCount);
        if (header < maxHeader)
        {
            span.Slice(maxHeader, byteCount).CopyTo(span[header..]);
        }

        WriteStringHeader(span, byteCount);
        Advance(header + byteCount);
    }

    /// <summary>Writes a str from bytes the caller guarantees are UTF-8.</summary>
    public void WriteStringUtf8(scoped ReadOnlySpan<byte> utf8)
    {
        WriteStringHeader(utf8.Length);
        WriteRaw(utf8);
    }

    public void WriteStringHeader(int byteCount)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(byteCount);
        Advance(WriteStringHeader(GetSpan(5), byteCount));
    }

    private void WriteLongString(scoped ReadOnlySpan<char> value)
    {
        int byteCount;
        try
        {
            byteCount = StrictUtf8.GetByteCount(value);
        }
        catch (EncoderFallbackException ex)
        {
            throw LoneSurrogate(ex);
        }

        WriteStringHeader(byteCount);
        Advance(StrictUtf8.GetBytes(value, GetSpan(byteCount)));
    }

    private static int StringHeaderLength(int byteCount) => byteCount switch
    {
        <= MessagePackCode.MaxFixStr - MessagePackCode.MinFixStr => 1,
        <= byte.MaxValue => 2,
        <= ushort.MaxValue => 3,
        _ => 5,
    };

    private static int WriteStringHeader(Span<byte> span, int byteCount)
    {
        switch (StringHeaderLength(byteCount))
        {
            case 1:
                span[0] = (byte)(MessagePackCode.MinFixStr | byteCount);
                return 1;
            case 2:
                span[0] = MessagePackCode.Str8;
                span[1] = (byte)byteCount;
                return 2;
            case 3:
                span[0] = MessagePackCode.Str16;
                BinaryPrimitives.WriteUInt16BigEndian(span[1..], (ushort)byteCount);
                return 3;
            default:
                span[0] = MessagePackCode.Str32;
                BinaryPrimitives.WriteUInt32BigEndian(span[1..], (uint)byteCount);
                return 5;
        }
    }

    private static MessagePackSerializationException LoneSurrogate(Exception? inner)
    {
        const string Message = "A string holds a lone surrogate, which UTF-8 cannot encode.";
        return inner is null ? new(Message) : new(Message, inner);
    }
}
