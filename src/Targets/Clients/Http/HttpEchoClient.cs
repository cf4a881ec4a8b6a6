using System.Net.Http.Headers;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Clients.Http;

/// <summary>
/// An <see cref="IEchoClient"/> over <see cref="HttpClient"/>: posts the items to <c>{prefix}/small</c> or
/// <c>{prefix}/large</c> in one format, with Content-Type, Accept and Content-Length set, and reads the answer back.
/// </summary>
public sealed class HttpEchoClient : IEchoClient
{
    private readonly HttpClient _http;
    private readonly string _prefix;
    private readonly HttpPayloadFormat _format;

    /// <summary>Creates a client for the echo routes under <paramref name="prefix"/> (relative, for example <c>api/echo</c>).</summary>
    public HttpEchoClient(string name, TargetEndpoints endpoints, string prefix, HttpPayloadFormat format)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentNullException.ThrowIfNull(prefix);
        ArgumentNullException.ThrowIfNull(format);
        Name = name;
        _prefix = prefix.Trim('/');
        _format = format;
        _http = endpoints.CreateHttpClient();
    }

    public string Name { get; }

    public Task<List<SmallItem>> EchoSmallAsync(List<SmallItem> items, CancellationToken cancellationToken) =>
        EchoAsync(_prefix + "/small", items, cancellationToken);

    public Task<List<LargeItem>> EchoLargeAsync(List<LargeItem> items, CancellationToken cancellationToken) =>
        EchoAsync(_prefix + "/large", items, cancellationToken);

    public ValueTask DisposeAsync()
    {
        _http.Dispose();
        return ValueTask.CompletedTask;
    }

    private async Task<T> EchoAsync<T>(string path, T items, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(items);
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = _format.Serialize(items) };
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(_format.MediaType));
        using var response = await _http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        await HttpAnswers.EnsureSuccessAsync(response, cancellationToken).ConfigureAwait(false);
        return await _format.DeserializeAsync<T>(response.Content, cancellationToken).ConfigureAwait(false);
    }
}
