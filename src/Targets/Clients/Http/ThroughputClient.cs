using System.Net.Http.Headers;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Throughput;

namespace PerfAssert.Targets.Clients.Http;

/// <summary>The REST throughput operations: GET the time, echo a body buffered, echo a body chunked.</summary>
public sealed class ThroughputClient : IAsyncDisposable
{
    private static readonly string Root = ThroughputEndpoints.Prefix.TrimStart('/');
    private readonly HttpClient _http;

    public ThroughputClient(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        _http = endpoints.CreateHttpClient();
    }

    /// <summary>GET <c>/throughput/time</c>: "Hello World. Time is: &lt;now&gt;".</summary>
    public async Task<string> GetTimeAsync(CancellationToken cancellationToken)
    {
        using var response = await _http.GetAsync(Root + "/time", cancellationToken).ConfigureAwait(false);
        await HttpAnswers.EnsureSuccessAsync(response, cancellationToken).ConfigureAwait(false);
        return await response.Content.ReadAsStringAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>POST <c>/throughput/echo</c> with Content-Length; the answer is buffered too.</summary>
    public Task<EchoedBody> EchoAsync(ReadOnlyMemory<byte> body, CancellationToken cancellationToken) =>
        SendAsync(Root + "/echo", new ReadOnlyMemoryContent(body), cancellationToken);

    /// <summary>
    /// POST <c>/throughput/echo-chunked</c>; the request is sent chunked (no Content-Length) over sockets, and the
    /// answer streams back chunked.
    /// </summary>
    public Task<EchoedBody> EchoChunkedAsync(ReadOnlyMemory<byte> body, CancellationToken cancellationToken)
    {
        var content = new ReadOnlyMemoryContent(body);
        var request = new HttpRequestMessage(HttpMethod.Post, Root + "/echo-chunked") { Content = content };
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
