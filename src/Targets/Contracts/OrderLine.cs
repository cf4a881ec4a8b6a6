using System.Runtime.Serialization;

namespace PerfAssert.Targets.Contracts;

/// <summary>One line of a <see cref="LargeItem"/> order.</summary>
[DataContract(Namespace = ContractNamespace.Value)]
public sealed record OrderLine
{
    [DataMember(Order = 1)]
    public string? Sku { get; set; }

    [DataMember(Order = 2)]
    public int Quantity { get; set; }

    [DataMember(Order = 3)]
    public string? Product { get; set; }

    [DataMember(Order = 4)]
    public decimal Price { get; set; }
}
