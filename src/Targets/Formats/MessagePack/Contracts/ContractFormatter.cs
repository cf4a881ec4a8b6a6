namespace PerfAssert.Targets.Formats.MessagePack.Contracts;

/// <summary>
/// A data contract as MessagePack-CSharp's default resolver writes a <c>[DataContract]</c> type: an array indexed by
/// each member's <c>[DataMember(Order)]</c>, so with orders 1..n (as every contract here has them) an array of n + 1
/// whose element 0, which no member owns, is nil; or nil for <see langword="null"/>. Reading is stricter than
/// MessagePack-CSharp: the array must have exactly n + 1 elements and start with nil, since no versioning is needed
/// between these targets.
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

        writer.WriteArrayHeader(_fieldCount + 1);
        writer.WriteNil(); // key 0: no member has Order 0
        WriteFields(ref writer, value);
    }

    public T Deserialize(ref MessagePackReader reader)
    {
        if (reader.TryReadNil())
        {
            return null!;
        }

        reader.ReadFieldCount(_fieldCount + 1, typeof(T).Name);
        var start = reader.Position;
        if (!reader.TryReadNil())
        {
            throw new MessagePackSerializationException($"{typeof(T).Name}'s element 0 must be nil (its members' orders start at 1)", start);
        }

        return ReadFields(ref reader);
    }

    public void SerializeObject(ref MessagePackWriter writer, object? value) => Serialize(ref writer, (T)value!);

    public object? DeserializeObject(ref MessagePackReader reader) => Deserialize(ref reader);

    /// <summary>Writes the fields in order, after the array header and element 0.</summary>
    protected abstract void WriteFields(ref MessagePackWriter writer, T value);

    /// <summary>Reads the fields in order, after the array header and element 0 were checked.</summary>
    protected abstract T ReadFields(ref MessagePackReader reader);
}
