using System.Runtime.Serialization;

namespace PerfAssert.Targets.Contracts;

/// <summary>An item of the operations experiment's fixed collection of todos.</summary>
[DataContract(Namespace = ContractNamespace.Value)]
public sealed record TodoItem
{
    [DataMember(Order = 1)]
    public int Id { get; set; }

    [DataMember(Order = 2)]
    public string? Title { get; set; }

    [DataMember(Order = 3)]
    public bool IsComplete { get; set; }

    [DataMember(Order = 4)]
    public DateTimeOffset CreatedAt { get; set; }
}
