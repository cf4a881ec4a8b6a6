namespace PerfAssert.Targets.Formats.MessagePack;

/// <summary>
/// MessagePack data could not be read or written: truncated input, an unexpected type, a length beyond the
/// remaining data or a configured limit, invalid UTF-8, or a value out of range for its .NET type.
/// </summary>
public sealed class MessagePackSerializationException : Exception
{
    public MessagePackSerializationException()
    {
    }

    public MessagePackSerializationException(string message)
        : base(message)
    {
    }

    public MessagePackSerializationException(string message, Exception innerException)
        : base(message, innerException)
    {
    }

    /// <summary>Creates an exception for a problem at <paramref name="offset"/> bytes into the input.</summary>
    public MessagePackSerializationException(string message, long offset, Exception? innerException = null)
        : base($"{message} (at offset {offset})", innerException)
    {
        Offset = offset;
    }

    /// <summary>The byte offset into the input where reading failed; -1 when writing or unknown.</summary>
    public long Offset { get; } = -1;
}
