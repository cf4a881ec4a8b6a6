using System.Runtime.Serialization;

namespace PerfAssert.Targets.Contracts;

/// <summary>The item of the NetTcp-vs-gRPC experiment's <c>GetDataStream(min, max)</c> list.</summary>
[DataContract(Namespace = ContractNamespace.Value)]
public sealed record CompositeType
{
    [DataMember(Order = 1)]
    public bool BoolValue { get; set; }

    [DataMember(Order = 2)]
    public string? StringValue { get; set; }

    [DataMember(Order = 3)]
    public int IntValue { get; set; }
}
