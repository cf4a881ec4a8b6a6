using System.Collections.Concurrent;
using System.Net.Http.Headers;
using System.Runtime.Serialization;
using System.Text;
using System.Xml;

namespace PerfAssert.Targets.Clients.Http;

/// <summary>XML bodies through <see cref="DataContractSerializer"/>, the client side of MVC's DataContract formatters.</summary>
internal sealed class DataContractXmlPayloadFormat : HttpPayloadFormat
{
    private readonly ConcurrentDictionary<Type, DataContractSerializer> _serializers = new();

    public override string MediaType => "application/xml";

    public override HttpContent Serialize<T>(T value)
    {
        using var buffer = new MemoryStream();
        using (var writer = XmlDictionaryWriter.CreateTextWriter(buffer, Encoding.UTF8, ownsStream: false))
        {
            Serializer(typeof(T)).WriteObject(writer, value);
        }

        var content = new ByteArrayContent(buffer.GetBuffer(), 0, (int)buffer.Length);
        content.Headers.ContentType = new MediaTypeHeaderValue(MediaType) { CharSet = "utf-8" };
        return content;
    }

    public override async Task<T> DeserializeAsync<T>(HttpContent content, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(content);
        var bytes = await content.ReadAsByteArrayAsync(cancellationToken).ConfigureAwait(false);
        using var reader = XmlDictionaryReader.CreateTextReader(bytes, XmlDictionaryReaderQuotas.Max);
        return (T?)Serializer(typeof(T)).ReadObject(reader) ?? throw new InvalidDataException("The answer held a nil value.");
    }

    private DataContractSerializer Serializer(Type type) => _serializers.GetOrAdd(type, t => new DataContractSerializer(t));
}
