using System.Buffers;
using PerfAssert.Targets.Formats.MessagePack;

namespace PerfAssert.Functional.MessagePack;

/// <summary>Writes or reads MessagePack from hex strings, so conformance vectors read like the spec's tables.</summary>
internal static class MessagePackBytes
{
    public delegate void Write(ref MessagePackWriter writer);

    public delegate T Read<T>(ref MessagePackReader reader);

    public static string ToHex(Write write)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        write(ref writer);
        writer.Flush();
        return Convert.ToHexString(buffer.WrittenSpan);
    }

    /// <summary>Reads one value from <paramref name="hex"/> and checks that nothing is left over.</summary>
    public static T FromHex<T>(string hex, Read<T> read, MessagePackReaderOptions? options = null)
    {
        var reader = new MessagePackReader(Convert.FromHexString(hex), options);
        var value = read(ref reader);
        reader.EnsureEnd();
        return value;
    }

    /// <summary>Expects reading <paramref name="hex"/> to fail with the stand-in's exception and returns it.</summary>
    public static MessagePackSerializationException ReadFails<T>(string hex, Read<T> read, MessagePackReaderOptions? options = null) =>
        Assert.Throws<MessagePackSerializationException>(() => FromHex(hex, read, options));

    public static string Repeat(string hexByte, int count) => string.Concat(Enumerable.Repeat(hexByte, count));
}
