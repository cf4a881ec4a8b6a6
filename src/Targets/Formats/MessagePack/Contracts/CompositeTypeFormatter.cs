using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Formats.MessagePack.Contracts;

/// <summary><see cref="CompositeType"/> as <c>[nil, BoolValue, StringValue, IntValue]</c>.</summary>
public sealed class CompositeTypeFormatter : ContractFormatter<CompositeType>
{
    private CompositeTypeFormatter()
        : base(3)
    {
    }

    public static CompositeTypeFormatter Instance { get; } = new();

    protected override void WriteFields(ref MessagePackWriter writer, CompositeType value)
    {
        writer.Write(value.BoolValue);
        writer.Write(value.StringValue);
        writer.Write(value.IntValue);
    }

    protected override CompositeType ReadFields(ref MessagePackReader reader) => new()
    {
        BoolValue = reader.ReadBoolean(),
        StringValue = reader.ReadString(),
        IntValue = reader.ReadInt32(),
    };
}
