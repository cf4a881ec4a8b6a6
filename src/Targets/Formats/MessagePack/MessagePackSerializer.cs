using System.Buffers;

namespace PerfAssert.Targets.Formats.MessagePack;

/// <summary>
/// Serializes the targets' contracts as MessagePack with <see cref="MessagePackContractResolver"/>'s formatters.
/// Reading is strict: the input must hold exactly one value, with no trailing bytes.
/// </summary>
/// <remarks>
/// A stand-in for MessagePack-CSharp's <c>MessagePackSerializer</c>, which the registry did not serve when it was written
/// (it serves 2.5.x since 2026-11-25, not 3.x, nor the ASP.NET Core formatter package); the wire
/// format is spec MessagePack with the contract layout described on <see cref="MessagePackBclExtensions"/>.
/// </remarks>
public static class MessagePackSerializer
{
    public static void Serialize<T>(IBufferWriter<byte> output, T value)
    {
        var writer = new MessagePackWriter(output);
        MessagePackContractResolver.Get<T>().Serialize(ref writer, value);
        writer.Flush();
    }

    /// <summary>Serializes a value whose type is known only at run time.</summary>
    public static void Serialize(IBufferWriter<byte> output, Type type, object? value)
    {
        var writer = new MessagePackWriter(output);
        MessagePackContractResolver.Get(type).SerializeObject(ref writer, value);
        writer.Flush();
    }

    /// <summary>Serializes into a new array; convenient in tests, use an <see cref="IBufferWriter{T}"/> on hot paths.</summary>
    public static byte[] Serialize<T>(T value)
    {
        using var buffer = new PooledBufferWriter();
        Serialize(buffer, value);
        return buffer.WrittenSpan.ToArray();
    }

    public static T Deserialize<T>(ReadOnlySpan<byte> data, MessagePackReaderOptions? options = null)
    {
        var reader = new MessagePackReader(data, options);
        var value = MessagePackContractResolver.Get<T>().Deserialize(ref reader);
        reader.EnsureEnd();
        return value;
    }

    public static T Deserialize<T>(in ReadOnlySequence<byte> data, MessagePackReaderOptions? options = null)
    {
        if (data.IsSingleSegment)
        {
            return Deserialize<T>(data.FirstSpan, options);
        }

        var (rented, length) = Linearize(data);
        try
        {
            return Deserialize<T>(rented.AsSpan(0, length), options);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    /// <summary>Deserializes a value whose type is known only at run time.</summary>
    public static object? Deserialize(Type type, in ReadOnlySequence<byte> data, MessagePackReaderOptions? options = null)
    {
        var formatter = MessagePackContractResolver.Get(type);
        if (data.IsSingleSegment)
        {
            return Deserialize(formatter, data.FirstSpan, options);
        }

        var (rented, length) = Linearize(data);
        try
        {
            return Deserialize(formatter, rented.AsSpan(0, length), options);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    private static object? Deserialize(IMessagePackObjectFormatter formatter, ReadOnlySpan<byte> data, MessagePackReaderOptions? options)
    {
        var reader = new MessagePackReader(data, options);
        var value = formatter.DeserializeObject(ref reader);
        reader.EnsureEnd();
        return value;
    }

    // The reader works on one span; a body that arrived in several segments is copied once into a pooled array.
    private static (byte[] Rented, int Length) Linearize(in ReadOnlySequence<byte> data)
    {
        if (data.Length > Array.MaxLength)
        {
            throw new MessagePackSerializationException($"The input of {data.Length} bytes is larger than one array can hold");
        }

        var length = (int)data.Length;
        var rented = ArrayPool<byte>.Shared.Rent(length);
        data.CopyTo(rented);
        return (rented, length);
    }
}
