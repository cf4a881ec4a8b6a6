using System.Runtime.Serialization;

namespace PerfAssert.Targets.Contracts;

/// <summary>The reference's Large payload: an order with two addresses and its order lines.</summary>
/// <remarks>
/// Records compare <see cref="OrderLines"/> by reference; tests compare orders with
/// <see cref="PayloadComparer"/>, which also distinguishes <see cref="DateTimeOffset"/> offsets and decimal scales.
/// </remarks>
[DataContract(Namespace = ContractNamespace.Value)]
public sealed record LargeItem
{
    [DataMember(Order = 1)]
    public Guid OrderId { get; set; }

    [DataMember(Order = 2)]
    public ulong OrderNumber { get; set; }

    [DataMember(Order = 3)]
    public string? EmailAddress { get; set; }

    [DataMember(Order = 4)]
    public Address? ShippingAddress { get; set; }

    [DataMember(Order = 5)]
    public Address? InvoiceAddress { get; set; }

    [DataMember(Order = 6)]
    public DateTimeOffset RequestedDeliveryDate { get; set; }

    [DataMember(Order = 7)]
    public decimal ShippingCosts { get; set; }

    [DataMember(Order = 8)]
    public DateTimeOffset LastModified { get; set; }

    [DataMember(Order = 9)]
    public Guid CreateNonce { get; set; }

    [DataMember(Order = 10)]
    public List<OrderLine> OrderLines { get; set; } = [];
}
