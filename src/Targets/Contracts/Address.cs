using System.Runtime.Serialization;

namespace PerfAssert.Targets.Contracts;

/// <summary>A postal address of a <see cref="LargeItem"/>.</summary>
[DataContract(Namespace = ContractNamespace.Value)]
public sealed record Address
{
    [DataMember(Order = 1)]
    public string? Name { get; set; }

    [DataMember(Order = 2)]
    public string? Street { get; set; }

    [DataMember(Order = 3)]
    public string? HouseNumber { get; set; }

    [DataMember(Order = 4)]
    public string? PostalCode { get; set; }

    [DataMember(Order = 5)]
    public string? City { get; set; }

    [DataMember(Order = 6)]
    public string? Country { get; set; }
}
