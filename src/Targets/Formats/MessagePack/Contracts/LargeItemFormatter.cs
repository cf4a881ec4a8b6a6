using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Formats.MessagePack.Contracts;

/// <summary><see cref="LargeItem"/> as nil and its ten fields in order (eleven elements); OrderNumber uses uint64 above <see cref="long.MaxValue"/>.</summary>
public sealed class LargeItemFormatter : ContractFormatter<LargeItem>
{
    private static readonly ListFormatter<OrderLine> Lines = new(OrderLineFormatter.Instance);

    private LargeItemFormatter()
        : base(10)
    {
    }

    public static LargeItemFormatter Instance { get; } = new();

    protected override void WriteFields(ref MessagePackWriter writer, LargeItem value)
    {
        writer.Write(value.OrderId);
        writer.Write(value.OrderNumber);
        writer.Write(value.EmailAddress);
        AddressFormatter.Instance.Serialize(ref writer, value.ShippingAddress!);
        AddressFormatter.Instance.Serialize(ref writer, value.InvoiceAddress!);
        writer.Write(value.RequestedDeliveryDate);
        writer.Write(value.ShippingCosts);
        writer.Write(value.LastModified);
        writer.Write(value.CreateNonce);
        Lines.Serialize(ref writer, value.OrderLines);
    }

    protected override LargeItem ReadFields(ref MessagePackReader reader) => new()
    {
        OrderId = reader.ReadGuid(),
        OrderNumber = reader.ReadUInt64(),
        EmailAddress = reader.ReadString(),
        ShippingAddress = AddressFormatter.Instance.Deserialize(ref reader),
        InvoiceAddress = AddressFormatter.Instance.Deserialize(ref reader),
        RequestedDeliveryDate = reader.ReadDateTimeOffset(),
        ShippingCosts = reader.ReadDecimal(),
        LastModified = reader.ReadDateTimeOffset(),
        CreateNonce = reader.ReadGuid(),
        OrderLines = Lines.Deserialize(ref reader),
    };
}
