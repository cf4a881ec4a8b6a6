using System.Net.Http.Headers;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Throughput;

namespace PerfAssert.Targets.Clients.Http;

/// <summary>The REST throughput operations: GET the time, echo a body buffered, echo a body chunked.</summary>
public sealed class ThroughputClient : IAsyncDisposable
{
    private readonly string _root;
    private readonly HttpClient _http;

    /// <summary>A client of the minimal API endpoints (<see cref="ThroughputEndpoints.Prefix"/>).</summary>
    public ThroughputClient(TargetEndpoints endpoints)
        : this(endpoints, ThroughputEndpoints.Prefix)
    {
    }

    /// <summary>A client of the same operations under another prefix, for example the controllers' or WCF's.</summary>
    public ThroughputClient(TargetEndpoints endpoints, string prefix)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentException.ThrowIfNullOrWhiteSpace(prefix);
        _root = prefix.Trim('/');
        _http = endpoints.CreateHttpClient();
    }

    /// <summary>GET <c>{prefix}/time</c>: "Hello World. Time is: &lt;now&gt;".</summary>
    public async Task<string> GetTimeAsync(CancellationToken cancellationToken)
    {
        using var response = await _http.GetAsync(_root + "/time", cancellationToken).ConfigureAwait(false);
        await HttpAnswers.EnsureSuccessAsync(response, cancellationToken).ConfigureAwait(false);
        return await response.Content.ReadAsStringAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>POST <c>{prefix}/echo</c> with Content-Length; the answer is buffered too.</summary>
    public Task<EchoedBody> EchoAsync(ReadOnlyMemory<byte> body, CancellationToken cancellationToken) =>
        SendAsync(_root + "/echo", new ReadOnlyMemoryContent(body), cancellationToken);

    /// <summary>
    /// POST <c>{prefix}/echo-chunked</c>; the request is sent chunked (no Content-Length) over sockets, and the
    /// answer streams back chunked.
    /// </summary>
    public Task<EchoedBody> EchoChunkedAsync(ReadOnlyMemory<byte> body, CancellationToken cancellationToken)
    {
        var content = new ReadOnlyMemoryContent(body);
        var request = new HttpRequestMessage(HttpMethod.Post, _root + "/echo-chunked") { Content = content };
        request.Headers.TransferEncodingChunked = true;
        return SendAsync(request, cancellationToken);
    }

    public ValueTask DisposeAsync()
    {
        _http.Dispose();
        return ValueTask.CompletedTask;
    }

    private Task<EchoedBody> SendAsync(string path, HttpContent content, CancellationToken cancellationToken) =>
        SendAsync(new HttpRequestMessage(HttpMethod.Post, path) { Content = content }, cancellationToken);

    private async Task<EchoedBody> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        using (request)
        {
            request.Content!.Headers.ContentType = new MediaTypeHeaderValue("application/octet-stream");
            using var response = await _http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
            await HttpAnswers.EnsureSuccessAsync(response, cancellationToken).ConfigureAwait(false);
            var chunked = response.Headers.TransferEncodingChunked == true;
            var length = response.Content.Headers.ContentLength;
            var bytes = await response.Content.ReadAsByteArrayAsync(cancellationToken).ConfigureAwait(false);
            return new EchoedBody(bytes, chunked ? null : length, chunked);
        }
    }
}
