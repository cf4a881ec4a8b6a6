namespace PerfAssert.Targets.Formats.MessagePack.Contracts;

/// <summary>
/// A data contract as an array of its fields in <c>[DataMember(Order)]</c> order, like MessagePack-CSharp's
/// <c>[Key(n)]</c> array layout, or nil for <see langword="null"/>. Reading is stricter than MessagePack-CSharp:
/// the array must have exactly the contract's field count, since no versioning is needed between these targets.
/// </summary>
/// <remarks>
/// Nil reads back as <see langword="null"/> even where a contract's annotations say non-null, so that whatever
/// a client sends, including a null list element, comes back exactly as sent.
/// </remarks>
public abstract class ContractFormatter<T> : IMessagePackFormatter<T>, IMessagePackObjectFormatter
    where T : class
{
    private readonly int _fieldCount;

    protected ContractFormatter(int fieldCount) => _fieldCount = fieldCount;

    public void Serialize(ref MessagePackWriter writer, T value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        writer.WriteArrayHeader(_fieldCount);
        WriteFields(ref writer, value);
    }

    public T Deserialize(ref MessagePackReader reader)
    {
        if (reader.TryReadNil())
        {
            return null!;
        }

        reader.ReadFieldCount(_fieldCount, typeof(T).Name);
        return ReadFields(ref reader);
    }

    public void SerializeObject(ref MessagePackWriter writer, object? value) => Serialize(ref writer, (T)value!);

    public object? DeserializeObject(ref MessagePackReader reader) => Deserialize(ref reader);

    /// <summary>Writes the fields in order, after the array header.</summary>
    protected abstract void WriteFields(ref MessagePackWriter writer, T value);

    /// <summary>Reads the fields in order, after the array header was checked.</summary>
    protected abstract T ReadFields(ref MessagePackReader reader);
}
