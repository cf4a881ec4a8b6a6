using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Formats.MessagePack.Contracts;

/// <summary><see cref="OrderLine"/> as <c>[nil, Sku, Quantity, Product, Price: decimal string]</c>.</summary>
public sealed class OrderLineFormatter : ContractFormatter<OrderLine>
{
    private OrderLineFormatter()
        : base(4)
    {
    }

    public static OrderLineFormatter Instance { get; } = new();

    protected override void WriteFields(ref MessagePackWriter writer, OrderLine value)
    {
        writer.Write(value.Sku);
        writer.Write(value.Quantity);
        writer.Write(value.Product);
        writer.Write(value.Price);
    }

    protected override OrderLine ReadFields(ref MessagePackReader reader) => new()
    {
        Sku = reader.ReadString(),
        Quantity = reader.ReadInt32(),
        Product = reader.ReadString(),
        Price = reader.ReadDecimal(),
    };
}
