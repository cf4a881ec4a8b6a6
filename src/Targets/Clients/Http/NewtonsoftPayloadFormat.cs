using System.Net.Http.Headers;
using System.Text;
using Newtonsoft.Json;
using Newtonsoft.Json.Serialization;

namespace PerfAssert.Targets.Clients.Http;

/// <summary>Newtonsoft JSON bodies with camelCase names, the client side of MVC's Newtonsoft formatters.</summary>
internal sealed class NewtonsoftPayloadFormat : HttpPayloadFormat
{
    private static readonly UTF8Encoding Utf8 = new(encoderShouldEmitUTF8Identifier: false);

    private readonly JsonSerializer _serializer = JsonSerializer.Create(new JsonSerializerSettings
    {
        ContractResolver = new DefaultContractResolver { NamingStrategy = new CamelCaseNamingStrategy() },
        DateParseHandling = DateParseHandling.DateTimeOffset,
    });

    public override string MediaType => "application/json";

    public override HttpContent Serialize<T>(T value)
    {
        using var buffer = new MemoryStream();
        using (var writer = new StreamWriter(buffer, Utf8, leaveOpen: true))
        {
            _serializer.Serialize(writer, value);
        }

        var content = new ByteArrayContent(buffer.GetBuffer(), 0, (int)buffer.Length);
        content.Headers.ContentType = new MediaTypeHeaderValue(MediaType) { CharSet = "utf-8" };
        return content;
    }

    public override async Task<T> DeserializeAsync<T>(HttpContent content, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(content);
        // Newtonsoft reads synchronously; buffer first so no thread blocks on the socket.
        var bytes = await content.ReadAsByteArrayAsync(cancellationToken).ConfigureAwait(false);
        using var reader = new JsonTextReader(new StreamReader(new MemoryStream(bytes), Utf8));
        return _serializer.Deserialize<T>(reader) ?? throw new InvalidDataException("The answer held JSON null.");
    }
}
