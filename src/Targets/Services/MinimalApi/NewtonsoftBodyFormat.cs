using System.Text;
using Newtonsoft.Json;
using Newtonsoft.Json.Serialization;

namespace PerfAssert.Targets.Services.MinimalApi;

/// <summary>Newtonsoft JSON for the minimal API endpoints, with the settings MVC's Newtonsoft formatters use.</summary>
internal sealed class NewtonsoftBodyFormat : BodyFormat
{
    private static readonly UTF8Encoding Utf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    private readonly JsonSerializer _serializer = JsonSerializer.Create(new JsonSerializerSettings
    {
        ContractResolver = new DefaultContractResolver { NamingStrategy = new CamelCaseNamingStrategy() },
        MissingMemberHandling = MissingMemberHandling.Ignore,
        // Deep nesting is an attack, not a payload: the deepest contract is three levels.
        MaxDepth = 32,
        TypeNameHandling = TypeNameHandling.None,
        DateParseHandling = DateParseHandling.DateTimeOffset,
    });

    public override string ContentType => "application/json; charset=utf-8";

    public override bool CanRead(string mediaType) => mediaType is "application/json" || mediaType.EndsWith("+json", StringComparison.Ordinal);

    public override T? Deserialize<T>(ReadOnlyMemory<byte> body) where T : default
    {
        try
        {
            using var text = new StringReader(Utf8.GetString(body.Span));
            using var reader = new JsonTextReader(text);
            var value = _serializer.Deserialize<T>(reader);
            if (reader.Read())
            {
                throw new InvalidDataException($"Unexpected content after the JSON value at line {reader.LineNumber}, position {reader.LinePosition}.");
            }

            return value;
        }
        catch (Exception ex) when (ex is JsonException or DecoderFallbackException)
        {
            throw new InvalidDataException(ex.Message, ex);
        }
    }

    public override void Serialize<T>(Stream destination, T value)
    {
        using var text = new StreamWriter(destination, Utf8, bufferSize: 16 * 1024, leaveOpen: true);
        _serializer.Serialize(text, value);
    }
}
