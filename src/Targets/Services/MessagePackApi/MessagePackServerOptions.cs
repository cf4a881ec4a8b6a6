using MessagePack;

namespace PerfAssert.Targets.Services.MessagePackApi;

/// <summary>The MessagePack-CSharp options the MessagePack endpoints and MVC formatters read and write with, built once.</summary>
public static class MessagePackServerOptions
{
    /// <summary>
    /// The standard resolver (which reads and writes <c>[DataContract]</c> types by <c>DataMember(Order)</c>) with the
    /// array length check of <see cref="ExactArrayLengthResolver"/> in front, in the library's mode for untrusted input, which its
    /// documentation asks for data from the network (it bounds the depth of the object graph and hashes dictionary keys
    /// with a collision-resistant hash; the contracts have no dictionaries).
    /// </summary>
    public static MessagePackSerializerOptions Value { get; } = MessagePackSerializerOptions.Standard
        .WithResolver(ExactArrayLengthResolver.Instance)
        .WithSecurity(MessagePackSecurity.UntrustedData);
}
