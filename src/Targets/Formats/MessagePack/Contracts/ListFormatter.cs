namespace PerfAssert.Targets.Formats.MessagePack.Contracts;

/// <summary>A list as an array of its elements (an empty list is an empty array), or nil for <see langword="null"/>.</summary>
public sealed class ListFormatter<T> : IMessagePackFormatter<List<T>>, IMessagePackObjectFormatter
{
    private readonly IMessagePackFormatter<T> _element;

    public ListFormatter(IMessagePackFormatter<T> element)
    {
        ArgumentNullException.ThrowIfNull(element);
        _element = element;
    }

    public void Serialize(ref MessagePackWriter writer, List<T> value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        writer.WriteArrayHeader(value.Count);
        // A for loop over the list's own indexer: no enumerator, no LINQ on the hot path.
        for (var i = 0; i < value.Count; i++)
        {
            _element.Serialize(ref writer, value[i]);
        }
    }

    public List<T> Deserialize(ref MessagePackReader reader)
    {
        if (reader.TryReadNil())
        {
            return null!;
        }

        // ReadArrayHeader bounds the count by the bytes left, so this capacity cannot be inflated by a bad header.
        var count = reader.ReadArrayHeader();
        var list = new List<T>(count);
        for (var i = 0; i < count; i++)
        {
            list.Add(_element.Deserialize(ref reader));
        }

        return list;
    }

    public void SerializeObject(ref MessagePackWriter writer, object? value) => Serialize(ref writer, (List<T>)value!);

    public object? DeserializeObject(ref MessagePackReader reader) => Deserialize(ref reader);
}
