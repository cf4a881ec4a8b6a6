namespace PerfAssert.Targets.Formats.MessagePack;

/// <summary>The untyped face of a formatter, for callers that know the type only at run time (MVC formatters).</summary>
public interface IMessagePackObjectFormatter
{
    void SerializeObject(ref MessagePackWriter writer, object? value);

    object? DeserializeObject(ref MessagePackReader reader);
}
