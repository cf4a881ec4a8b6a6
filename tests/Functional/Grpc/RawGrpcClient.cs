using System.Net;
using System.Net.Http.Headers;

namespace PerfAssert.Functional.Grpc;

/// <summary>Sends hand-made gRPC requests over h2c, to see exactly what the server puts on the wire.</summary>
internal sealed class RawGrpcClient(Uri http2) : IDisposable
{
    private readonly HttpClient _http = new(new SocketsHttpHandler()) { BaseAddress = http2, Timeout = TimeSpan.FromSeconds(10) };

    /// <summary>Posts <paramref name="content"/> and reads the whole body, so the trailers have arrived.</summary>
    public async Task<RawGrpcResponse> PostAsync(string path, HttpContent content, string contentType = "application/grpc", IReadOnlyDictionary<string, string>? headers = null, Version? version = null)
    {
        content.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType);
        using var request = new HttpRequestMessage(HttpMethod.Post, path.TrimStart('/'))
        {
            Version = version ?? HttpVersion.Version20,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Content = content,
        };
        request.Headers.TE.Add(new TransferCodingWithQualityHeaderValue("trailers"));
        foreach (var (name, value) in headers ?? new Dictionary<string, string>())
        {
            request.Headers.Add(name, value);
        }

        using var response = await _http.SendAsync(request, TestContext.Current.CancellationToken);
        var body = await response.Content.ReadAsByteArrayAsync(TestContext.Current.CancellationToken);
        return new RawGrpcResponse(
            response.StatusCode,
            Header(response.Headers, "grpc-status"),
            Header(response.TrailingHeaders, "grpc-status"),
            Decode(Header(response.Headers, "grpc-message") ?? Header(response.TrailingHeaders, "grpc-message")),
            body);
    }

    public Task<RawGrpcResponse> PostAsync(string path, byte[] body, string contentType = "application/grpc") =>
        PostAsync(path, new ByteArrayContent(body), contentType);

    public void Dispose() => _http.Dispose();

    // grpc-message is percent-encoded (gRPC over HTTP/2 spec).
    private static string? Decode(string? message) => message is null ? null : Uri.UnescapeDataString(message);

    private static string? Header(HttpHeaders headers, string name) => headers.TryGetValues(name, out var values) ? values.Single() : null;
}
