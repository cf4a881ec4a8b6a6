using System.Collections.Concurrent;
using System.Runtime.Serialization;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// Cached <see cref="DataContractSerializer"/>s, one per type and element name, as WCF builds them once per
/// operation: creating a serializer per call would dominate the measured cost.
/// </summary>
internal static class WcfSerializers
{
    private static readonly ConcurrentDictionary<(Type Type, string Name), DataContractSerializer> WrappedSerializers = new();
    private static readonly ConcurrentDictionary<Type, DataContractSerializer> BareSerializers = new();

    /// <summary>A serializer whose root element is a wrapped parameter or result, in the contract namespace.</summary>
    public static DataContractSerializer For(Type type, string elementName) =>
        WrappedSerializers.GetOrAdd((type, elementName), key => new DataContractSerializer(key.Type, WcfDictionary.Get(key.Name), WcfDictionary.Get(WcfContract.Namespace)));

    /// <summary>A serializer with the type's own root name, as WebHttp's bare body style uses.</summary>
    public static DataContractSerializer Bare(Type type) => BareSerializers.GetOrAdd(type, t => new DataContractSerializer(t));
}
