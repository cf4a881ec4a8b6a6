namespace PerfAssert.Targets.Formats.MessagePack;

/// <summary>Writes and reads one type as MessagePack.</summary>
public interface IMessagePackFormatter<T>
{
    void Serialize(ref MessagePackWriter writer, T value);

    T Deserialize(ref MessagePackReader reader);
}
