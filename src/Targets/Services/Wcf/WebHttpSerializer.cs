using System.Collections.Concurrent;
using System.Runtime.Serialization;
using System.Runtime.Serialization.Json;
using System.Text;
using System.Xml;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// The WebHttp stand-in's bare bodies, shared by the service and its clients. JSON goes through
/// <see cref="DataContractJsonSerializer"/> with its defaults, as WCF's WebHttp JSON does, so it keeps that
/// serializer's formats: a <see cref="DateTimeOffset"/> becomes <c>{"DateTime":"\/Date(ms)\/","OffsetMinutes":n}</c>,
/// which drops everything below the millisecond.
/// </summary>
internal static class WebHttpSerializer
{
    private static readonly ConcurrentDictionary<Type, DataContractJsonSerializer> Json = new();

    public static string ContentType(WebHttpFormat format) => format == WebHttpFormat.Json ? "application/json; charset=utf-8" : "application/xml; charset=utf-8";

    public static object? Read(WebHttpFormat format, Type type, ArraySegment<byte> body)
    {
        using var reader = format == WebHttpFormat.Json
            ? JsonReaderWriterFactory.CreateJsonReader(body.Array!, body.Offset, body.Count, WcfLimits.ReaderQuotas)
            : XmlDictionaryReader.CreateTextReader(body.Array!, body.Offset, body.Count, WcfLimits.ReaderQuotas);
        return SerializerFor(format, type).ReadObject(reader);
    }

    public static void Write(WebHttpFormat format, Type type, object? value, Stream output)
    {
        using var writer = format == WebHttpFormat.Json
            ? JsonReaderWriterFactory.CreateJsonWriter(output, Encoding.UTF8, ownsStream: false)
            : XmlDictionaryWriter.CreateTextWriter(output, Encoding.UTF8, ownsStream: false);
        SerializerFor(format, type).WriteObject(writer, value);
        writer.Flush();
    }

    private static XmlObjectSerializer SerializerFor(WebHttpFormat format, Type type) =>
        format == WebHttpFormat.Json ? Json.GetOrAdd(type, t => new DataContractJsonSerializer(t)) : WcfSerializers.Bare(type);
}
