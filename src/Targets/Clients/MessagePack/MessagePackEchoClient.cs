using System.Net.Http.Headers;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Formats.MessagePack;

namespace PerfAssert.Targets.Clients.MessagePack;

/// <summary>
/// Echoes over HTTP with <c>application/x-msgpack</c> bodies (Content-Type and Accept), against the minimal
/// endpoints or MVC controllers. Request and response bodies live in pooled buffers; the client owns its
/// <see cref="HttpClient"/>.
/// </summary>
public sealed class MessagePackEchoClient : IEchoClient
{
    // The server refuses requests above 8 MiB and echoes what it got, so a larger answer is not an echo.
    private const int MaxResponseBytes = 8 * 1024 * 1024;
    private const int ReadChunk = 16 * 1024;

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
        using var sent = new PooledBufferWriter();
        MessagePackSerializer.Serialize(sent, payload);
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new ReadOnlyMemoryContent(sent.WrittenMemory) };
        request.Content.Headers.ContentType = new MediaTypeHeaderValue(MessagePackMediaType.Value);
        request.Headers.TryAddWithoutValidation("Accept", MessagePackMediaType.Value);

        // ResponseHeadersRead: the body goes into a pooled buffer instead of HttpClient's own MemoryStream.
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

        using var received = new PooledBufferWriter((int)Math.Clamp(response.Content.Headers.ContentLength ?? ReadChunk, 1, MaxResponseBytes));
        var stream = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        await using (stream.ConfigureAwait(false))
        {
            int read;
            while ((read = await stream.ReadAsync(received.GetMemory(ReadChunk), cancellationToken).ConfigureAwait(false)) > 0)
            {
                received.Advance(read);
                if (received.WrittenCount > MaxResponseBytes)
                {
                    throw new HttpRequestException($"{Name}: POST {path} answered more than {MaxResponseBytes} bytes.");
                }
            }
        }

        return MessagePackSerializer.Deserialize<T>(received.WrittenSpan);
    }
}
