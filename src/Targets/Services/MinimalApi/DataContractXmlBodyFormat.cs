using System.Collections.Concurrent;
using System.Runtime.Serialization;
using System.Xml;
using PerfAssert.Targets.Services.AspNetCore;

namespace PerfAssert.Targets.Services.MinimalApi;

/// <summary>DataContractSerializer text XML for the minimal API endpoints (it keeps DateTimeOffset offsets and decimal scale).</summary>
internal sealed class DataContractXmlBodyFormat : BodyFormat
{
    // Quotas bound what one message can make the reader do; strings and arrays can be as long as the body limit.
    private static readonly XmlDictionaryReaderQuotas Quotas = new()
    {
        MaxDepth = 32,
        MaxStringContentLength = (int)RequestLimits.MaxBodyBytes,
        MaxArrayLength = (int)RequestLimits.MaxBodyBytes,
        MaxBytesPerRead = 64 * 1024,
        MaxNameTableCharCount = 64 * 1024,
    };

    private readonly ConcurrentDictionary<Type, DataContractSerializer> _serializers = new();

    public override string ContentType => "application/xml; charset=utf-8";

    public override bool CanRead(string mediaType) =>
        mediaType is "application/xml" or "text/xml" || mediaType.EndsWith("+xml", StringComparison.Ordinal);

    public override T? Deserialize<T>(ReadOnlyMemory<byte> body) where T : default
    {
        try
        {
            var segment = body.ToArray();
            using var reader = XmlDictionaryReader.CreateTextReader(segment, 0, segment.Length, Quotas);
            return (T?)Serializer(typeof(T)).ReadObject(reader, verifyObjectName: true);
        }
        catch (Exception ex) when (ex is SerializationException or XmlException or InvalidCastException)
        {
            throw new InvalidDataException(ex.Message, ex);
        }
    }

    public override void Serialize<T>(Stream destination, T value)
    {
        using var writer = XmlDictionaryWriter.CreateTextWriter(destination, System.Text.Encoding.UTF8, ownsStream: false);
        Serializer(typeof(T)).WriteObject(writer, value);
    }

    private DataContractSerializer Serializer(Type type) => _serializers.GetOrAdd(type, t => new DataContractSerializer(t));
}
