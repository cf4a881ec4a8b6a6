using System.Net;
using System.Net.Http.Headers;
using Google.Protobuf;
using PerfAssert.Targets.Services.Grpc.Core;

namespace PerfAssert.Targets.Clients.Grpc;

/// <summary>
/// Calls gRPC methods over one h2c connection pool: HTTP/2 with prior knowledge (<c>RequestVersionExact</c>),
/// <c>te: trailers</c>, <c>grpc-timeout</c> and a deadline that bounds the whole call, status read from the trailers.
/// A stand-in for grpc-dotnet's <c>GrpcChannel</c>, which the package registry does not serve.
/// </summary>
public sealed class GrpcClientChannel : IDisposable
{
    private readonly HttpClient _http;
    private readonly GrpcClientOptions _options;

    /// <param name="address">The server's HTTP/2-only (h2c) endpoint, for example <see cref="Hosting.TargetEndpoints.Http2"/>.</param>
    /// <param name="options">Deadline and size limits; <see langword="null"/> for the defaults.</param>
    public GrpcClientChannel(Uri address, GrpcClientOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(address);
        _options = options ?? new GrpcClientOptions();
        var handler = new SocketsHttpHandler { PooledConnectionLifetime = TimeSpan.FromMinutes(5) };
        // The deadline bounds every call, including reading a stream after the headers, which HttpClient.Timeout does not.
        _http = new HttpClient(handler, disposeHandler: true) { BaseAddress = address, Timeout = System.Threading.Timeout.InfiniteTimeSpan };
    }

    public Task<TResponse> UnaryAsync<TRequest, TResponse>(GrpcMethod<TRequest, TResponse> method, TRequest request, CancellationToken cancellationToken)
        where TRequest : class, IMessage<TRequest>, new()
        where TResponse : class, IMessage<TResponse>, new()
    {
        ArgumentNullException.ThrowIfNull(request);
        return CallAsync(method, new ByteArrayContent(GrpcFrameWriter.ToFrame(request)), (reader, ct) => reader.ReadSingleAsync(ct), cancellationToken);
    }

    public Task<List<TResponse>> ServerStreamingAsync<TRequest, TResponse>(GrpcMethod<TRequest, TResponse> method, TRequest request, CancellationToken cancellationToken)
        where TRequest : class, IMessage<TRequest>, new()
        where TResponse : class, IMessage<TResponse>, new()
    {
        ArgumentNullException.ThrowIfNull(request);
        return CallAsync(method, new ByteArrayContent(GrpcFrameWriter.ToFrame(request)), ReadAllAsync, cancellationToken);
    }

    public Task<TResponse> ClientStreamingAsync<TRequest, TResponse>(GrpcMethod<TRequest, TResponse> method, IEnumerable<TRequest> requests, CancellationToken cancellationToken)
        where TRequest : class, IMessage<TRequest>, new()
        where TResponse : class, IMessage<TResponse>, new()
    {
        ArgumentNullException.ThrowIfNull(requests);
        return CallAsync(method, new GrpcStreamContent(requests, _options.FlushEachMessage), (reader, ct) => reader.ReadSingleAsync(ct), cancellationToken);
    }

    public void Dispose() => _http.Dispose();

    private static async Task<List<TResponse>> ReadAllAsync<TResponse>(GrpcResponseReader<TResponse> reader, CancellationToken cancellationToken)
        where TResponse : class, IMessage<TResponse>
    {
        var messages = new List<TResponse>();
        while (await reader.ReadNextAsync(cancellationToken).ConfigureAwait(false) is { } message)
        {
            messages.Add(message);
        }

        return messages;
    }

    private async Task<T> CallAsync<TRequest, TResponse, T>(
        GrpcMethod<TRequest, TResponse> method,
        HttpContent content,
        Func<GrpcResponseReader<TResponse>, CancellationToken, Task<T>> read,
        CancellationToken cancellationToken)
        where TRequest : class, IMessage<TRequest>, new()
        where TResponse : class, IMessage<TResponse>, new()
    {
        ArgumentNullException.ThrowIfNull(method);
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        deadline.CancelAfter(_options.Deadline);
        using var request = CreateRequest(method.Path, content);
        try
        {
            using var response = await _http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, deadline.Token).ConfigureAwait(false);
            var reader = await GrpcResponseReader<TResponse>.StartAsync(response, method.ResponseParser, _options.MaxReceiveMessageSize, deadline.Token).ConfigureAwait(false);
            return await read(reader, deadline.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException ex) when (deadline.IsCancellationRequested && !cancellationToken.IsCancellationRequested)
        {
            throw new GrpcException(GrpcStatusCode.DeadlineExceeded, $"{method.Path} did not finish within its deadline of {_options.Deadline}.", ex);
        }
        catch (HttpRequestException ex)
        {
            throw new GrpcException(GrpcStatusCode.Unavailable, $"{method.Path} failed on the connection: {ex.Message}", ex);
        }
        catch (HttpIOException ex)
        {
            // The server reset the stream or the connection while the response was being read.
            throw new GrpcException(GrpcStatusCode.Internal, $"{method.Path} broke off while reading the response: {ex.Message}", ex);
        }
    }

    private HttpRequestMessage CreateRequest(string path, HttpContent content)
    {
        content.Headers.ContentType = new MediaTypeHeaderValue(GrpcProtocol.ContentType);
        var request = new HttpRequestMessage(HttpMethod.Post, new Uri(path, UriKind.Relative))
        {
            // h2c: HTTP/2 with prior knowledge, never a fallback to HTTP/1.1.
            Version = HttpVersion.Version20,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Content = content,
        };
        request.Headers.TE.Add(new TransferCodingWithQualityHeaderValue("trailers"));
        request.Headers.TryAddWithoutValidation(GrpcProtocol.TimeoutHeader, GrpcTimeout.Format(_options.Deadline));
        return request;
    }
}
