using System.Runtime.Serialization;

namespace PerfAssert.Targets.Contracts;

/// <summary>The request of <c>GetDataStream(min, max)</c>: the inclusive range of items to return.</summary>
[DataContract(Namespace = ContractNamespace.Value)]
public sealed record DataRequest
{
    [DataMember(Order = 1)]
    public int Min { get; set; }

    [DataMember(Order = 2)]
    public int Max { get; set; }
}
