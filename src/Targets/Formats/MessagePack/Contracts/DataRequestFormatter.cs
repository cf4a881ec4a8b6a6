using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Formats.MessagePack.Contracts;

/// <summary><see cref="DataRequest"/> as <c>[nil, Min, Max]</c>.</summary>
public sealed class DataRequestFormatter : ContractFormatter<DataRequest>
{
    private DataRequestFormatter()
        : base(2)
    {
    }

    public static DataRequestFormatter Instance { get; } = new();

    protected override void WriteFields(ref MessagePackWriter writer, DataRequest value)
    {
        writer.Write(value.Min);
        writer.Write(value.Max);
    }

    protected override DataRequest ReadFields(ref MessagePackReader reader) => new()
    {
        Min = reader.ReadInt32(),
        Max = reader.ReadInt32(),
    };
}
