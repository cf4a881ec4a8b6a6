using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Formats.MessagePack.Contracts;

/// <summary><see cref="SmallItem"/> as <c>[nil, Id: 36-character str]</c>.</summary>
public sealed class SmallItemFormatter : ContractFormatter<SmallItem>
{
    private SmallItemFormatter()
        : base(1)
    {
    }

    public static SmallItemFormatter Instance { get; } = new();

    protected override void WriteFields(ref MessagePackWriter writer, SmallItem value)
    {
        writer.Write(value.Id);
    }

    protected override SmallItem ReadFields(ref MessagePackReader reader) => new()
    {
        Id = reader.ReadGuid(),
    };
}
