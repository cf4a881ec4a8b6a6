using System.Runtime.Serialization;

namespace PerfAssert.Targets.Contracts;

/// <summary>The reference's Small payload: one <see cref="Guid"/>.</summary>
[DataContract(Namespace = ContractNamespace.Value)]
public sealed record SmallItem
{
    [DataMember(Order = 1)]
    public Guid Id { get; set; }
}
