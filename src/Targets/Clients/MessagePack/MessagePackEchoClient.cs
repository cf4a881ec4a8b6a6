using System.Net.Http.Headers;
using MessagePack;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Services.MessagePackApi;

namespace PerfAssert.Targets.Clients.MessagePack;

/// <summary>
/// Echoes over HTTP with <c>application/x-msgpack</c> bodies (Content-Type and Accept), against the minimal
/// endpoints or MVC controllers, serializing with MessagePack-CSharp's defaults as its samples do. The client owns its
/// <see cref="HttpClient"/>.
/// </summary>
public sealed class MessagePackEchoClient : IEchoClient
{
    // The library's standard options: the standard resolver reads and writes the [DataContract] types by DataMember(Order).
    private static readonly MessagePackSerializerOptions Options = MessagePackSerializerOptions.Standard;

    private readonly HttpClient _http;
    private readonly string _routePrefix;

    /// <param name="name">The stack and format, for example <c>AspNetCore.Minimal/MessagePack</c>.</param>
    /// <param name="http">The client to send with; disposed with this client.</param>
    /// <param name="routePrefix">The route before <c>/small</c> and <c>/large</c>, relative to the base address.</param>
    public MessagePackEchoClient(string name, HttpClient http, string routePrefix)
    {
        ArgumentNullException.ThrowIfNull(name);
        ArgumentNullException.ThrowIfNull(http);
        ArgumentNullException.ThrowIfNull(routePrefix);
        Name = name;
        _http = http;
        _routePrefix = routePrefix.Trim('/');
    }

    public string Name { get; }

    public Task<List<SmallItem>> EchoSmallAsync(List<SmallItem> items, CancellationToken cancellationToken) =>
        EchoAsync(_routePrefix + "/small", items, cancellationToken);

    public Task<List<LargeItem>> EchoLargeAsync(List<LargeItem> items, CancellationToken cancellationToken) =>
        EchoAsync(_routePrefix + "/large", items, cancellationToken);

    public ValueTask DisposeAsync()
    {
        _http.Dispose();
        return ValueTask.CompletedTask;
    }

    private async Task<T> EchoAsync<T>(string path, T payload, CancellationToken cancellationToken)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new ByteArrayContent(MessagePackSerializer.Serialize(payload, Options, cancellationToken)) };
        request.Content.Headers.ContentType = new MediaTypeHeaderValue(MessagePackMediaType.Value);
        request.Headers.TryAddWithoutValidation("Accept", MessagePackMediaType.Value);

        using var response = await _http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        if (!response.IsSuccessStatusCode)
        {
            var reason = await response.Content.ReadAsStringAsync(cancellationToken).ConfigureAwait(false);
            throw new HttpRequestException($"{Name}: POST {path} answered {(int)response.StatusCode} {response.StatusCode}: {reason}", null, response.StatusCode);
        }

        var mediaType = response.Content.Headers.ContentType?.MediaType;
        if (!string.Equals(mediaType, MessagePackMediaType.Value, StringComparison.OrdinalIgnoreCase))
        {
            throw new HttpRequestException($"{Name}: POST {path} answered {mediaType ?? "no content type"}, not {MessagePackMediaType.Value}.");
        }

        var stream = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        await using (stream.ConfigureAwait(false))
        {
            return await MessagePackSerializer.DeserializeAsync<T>(stream, Options, cancellationToken).ConfigureAwait(false);
        }
    }
}
