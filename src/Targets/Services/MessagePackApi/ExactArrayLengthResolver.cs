using System.Reflection;
using System.Runtime.Serialization;
using MessagePack;
using MessagePack.Formatters;
using MessagePack.Resolvers;

namespace PerfAssert.Targets.Services.MessagePackApi;

/// <summary>
/// <see cref="StandardResolver"/> with a length check in front, the server's resolver. MessagePack-CSharp writes a
/// <c>[DataContract]</c> type whose members carry <c>DataMember(Order)</c> as an array indexed by order, and reads a
/// shorter array as if the missing members had their defaults, skipping any elements past the last order (its versioning
/// rule). A request that lost its last member would be served as if it had sent a default, so for such types this
/// resolver's formatter first checks that the array has exactly one element per index (the highest order + 1), then
/// hands over to the standard resolver's formatter. Every other type, and all writing, is the standard resolver's.
/// </summary>
/// <remarks>
/// The standard resolver's formatters look up each member's formatter in the options they are given, so the check
/// applies at every level (an <c>Address</c> inside a <c>LargeItem</c>, each element of a list). A static generic cache
/// rather than <c>CompositeResolver.Create</c>, whose lookup per member and call made Large-100 1.1-1.2x slower; with
/// the count read from a fixarray's first byte, the check itself costs about nothing (1.03x the standard options, rough).
/// </remarks>
internal sealed class ExactArrayLengthResolver : IFormatterResolver
{
    public static ExactArrayLengthResolver Instance { get; } = new();

    public IMessagePackFormatter<T>? GetFormatter<T>() => Cache<T>.Formatter;

    /// <summary>
    /// The array length MessagePack-CSharp writes for <paramref name="type"/>: the highest <c>DataMember(Order)</c> + 1,
    /// or <see langword="null"/> when it is not a data contract keyed by order (the standard resolver then writes a map,
    /// or the type is not an object at all).
    /// </summary>
    public static int? ArrayLength(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        if (!type.IsDefined(typeof(DataContractAttribute), inherit: false))
        {
            return null;
        }

        // The standard resolver (without AllowPrivate) reads public instance properties and fields only.
        var orders = type.GetProperties(BindingFlags.Public | BindingFlags.Instance).Cast<MemberInfo>()
            .Concat(type.GetFields(BindingFlags.Public | BindingFlags.Instance))
            .Select(member => member.GetCustomAttribute<DataMemberAttribute>())
            .Where(attribute => attribute is not null)
            .Select(attribute => attribute!.Order)
            .ToList();
        return orders.Count > 0 && orders.All(order => order >= 0) ? orders.Max() + 1 : null;
    }

    private static class Cache<T>
    {
        public static readonly IMessagePackFormatter<T>? Formatter =
            ArrayLength(typeof(T)) is { } length
                ? new Formatter<T>(length, StandardResolver.Instance.GetFormatterWithVerify<T>())
                : StandardResolver.Instance.GetFormatter<T>();
    }

    private sealed class Formatter<T>(int length, IMessagePackFormatter<T> standard) : IMessagePackFormatter<T>
    {
        public void Serialize(ref MessagePackWriter writer, T value, MessagePackSerializerOptions options) =>
            standard.Serialize(ref writer, value, options);

        public T Deserialize(ref MessagePackReader reader, MessagePackSerializerOptions options)
        {
            // A fixarray carries its count in its first byte, so the usual case costs one peeked byte. Nil (null) and
            // anything that is not an array are the standard formatter's to read or refuse.
            var code = reader.NextCode;
            var count = code switch
            {
                >= MessagePackCode.MinFixArray and <= MessagePackCode.MaxFixArray => code & 0x0f,
                MessagePackCode.Array16 or MessagePackCode.Array32 => reader.CreatePeekReader().ReadArrayHeader(),
                _ => length,
            };
            if (count != length)
            {
                throw new MessagePackSerializationException(
                    $"{typeof(T).Name} is an array of {length} elements (index = DataMember Order, up to its highest), got {count}");
            }

            return standard.Deserialize(ref reader, options);
        }
    }
}
