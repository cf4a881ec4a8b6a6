using System.Net.Http.Headers;
using System.Text.Json;

namespace PerfAssert.Targets.Clients.Http;

/// <summary>System.Text.Json bodies with <see cref="JsonSerializerOptions.Web"/>, the minimal API defaults.</summary>
internal sealed class SystemTextJsonPayloadFormat : HttpPayloadFormat
{
    public override string MediaType => "application/json";

    public override HttpContent Serialize<T>(T value)
    {
        var content = new ByteArrayContent(JsonSerializer.SerializeToUtf8Bytes(value, JsonSerializerOptions.Web));
        content.Headers.ContentType = new MediaTypeHeaderValue(MediaType) { CharSet = "utf-8" };
        return content;
    }

    public override async Task<T> DeserializeAsync<T>(HttpContent content, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(content);
        var stream = await content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        await using (stream.ConfigureAwait(false))
        {
            return await JsonSerializer.DeserializeAsync<T>(stream, JsonSerializerOptions.Web, cancellationToken).ConfigureAwait(false)
                ?? throw new InvalidDataException("The answer held JSON null.");
        }
    }
}
