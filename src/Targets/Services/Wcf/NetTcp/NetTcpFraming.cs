using System.Text;

namespace PerfAssert.Targets.Services.Wcf.NetTcp;

/// <summary>Reads and writes framing records: single bytes, MC-NMF's 7-bit variable-length sizes and UTF-8 strings.</summary>
internal static class NetTcpFraming
{
    /// <summary>The longest string record accepted (via, upgrade or fault), far above any real one.</summary>
    public const int MaxStringBytes = 4096;

    /// <summary>Reads one byte, or -1 at a clean end of stream.</summary>
    public static async ValueTask<int> ReadByteOrEndAsync(Stream stream, byte[] scratch, CancellationToken cancellationToken)
    {
        var read = await stream.ReadAsync(scratch.AsMemory(0, 1), cancellationToken).ConfigureAwait(false);
        return read == 0 ? -1 : scratch[0];
    }

    public static async ValueTask<byte> ReadByteAsync(Stream stream, byte[] scratch, CancellationToken cancellationToken)
    {
        await stream.ReadExactlyAsync(scratch.AsMemory(0, 1), cancellationToken).ConfigureAwait(false);
        return scratch[0];
    }

    public static async ValueTask ExpectAsync(Stream stream, byte[] scratch, byte expected, string fault, CancellationToken cancellationToken)
    {
        var actual = await ReadByteAsync(stream, scratch, cancellationToken).ConfigureAwait(false);
        if (actual != expected)
        {
            throw new NetTcpFramingException(fault, $"Expected record byte 0x{expected:X2}, got 0x{actual:X2}.");
        }
    }

    /// <summary>Reads a size: 7 bits a byte, low bits first, at most 5 bytes and never above <see cref="int.MaxValue"/>.</summary>
    public static async ValueTask<int> ReadSizeAsync(Stream stream, byte[] scratch, CancellationToken cancellationToken)
    {
        var value = 0L;
        for (var shift = 0; shift < 35; shift += 7)
        {
            var next = await ReadByteAsync(stream, scratch, cancellationToken).ConfigureAwait(false);
            value |= (long)(next & 0x7F) << shift;
            if ((next & 0x80) == 0)
            {
                return value <= int.MaxValue ? (int)value : throw new NetTcpFramingException(NetTcpRecord.InvalidRecordFault, "The record size is out of range.");
            }
        }

        throw new NetTcpFramingException(NetTcpRecord.InvalidRecordFault, "The record size is longer than 5 bytes.");
    }

    public static async ValueTask<string> ReadStringAsync(Stream stream, byte[] scratch, CancellationToken cancellationToken)
    {
        var length = await ReadSizeAsync(stream, scratch, cancellationToken).ConfigureAwait(false);
        if (length > MaxStringBytes)
        {
            throw new NetTcpFramingException(NetTcpRecord.InvalidRecordFault, $"A string record of {length} bytes exceeds {MaxStringBytes}.");
        }

        var bytes = new byte[length];
        await stream.ReadExactlyAsync(bytes, cancellationToken).ConfigureAwait(false);
        return Encoding.UTF8.GetString(bytes);
    }

    public static void WriteSize(Stream output, int value)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(value);
        var remaining = (uint)value;
        while (remaining >= 0x80)
        {
            output.WriteByte((byte)(remaining | 0x80));
            remaining >>= 7;
        }

        output.WriteByte((byte)remaining);
    }

    public static void WriteString(Stream output, string value)
    {
        var bytes = Encoding.UTF8.GetBytes(value);
        WriteSize(output, bytes.Length);
        output.Write(bytes);
    }

    /// <summary>A record byte followed by a sized string, as one buffer (fault, via and upgrade records).</summary>
    public static byte[] StringRecord(byte record, string value)
    {
        using var buffer = new MemoryStream();
        buffer.WriteByte(record);
        WriteString(buffer, value);
        return buffer.ToArray();
    }
}
