using System.IO.Pipelines;
using System.Net;
using System.Net.Http.Headers;
using Google.Protobuf;
using PerfAssert.Targets.Services.Grpc.Core;

namespace PerfAssert.Targets.Clients.Grpc;

/// <summary>
/// Reads a gRPC response: checks the HTTP status and content type, reads framed messages, and takes the call's
/// status from the trailers (or from the headers of a Trailers-Only response).
/// </summary>
internal sealed class GrpcResponseReader<TResponse>
    where TResponse : class, IMessage<TResponse>
{
    private readonly HttpResponseMessage _response;
    private readonly MessageParser<TResponse> _parser;
    private readonly int _maxMessageSize;
    private readonly PipeReader? _body;

    private GrpcResponseReader(HttpResponseMessage response, MessageParser<TResponse> parser, int maxMessageSize, PipeReader? body)
    {
        _response = response;
        _parser = parser;
        _maxMessageSize = maxMessageSize;
        _body = body;
    }

    public static async Task<GrpcResponseReader<TResponse>> StartAsync(HttpResponseMessage response, MessageParser<TResponse> parser, int maxMessageSize, CancellationToken cancellationToken)
    {
        if (response.StatusCode != HttpStatusCode.OK)
        {
            throw new GrpcException(FromHttpStatus(response.StatusCode), $"Bad gRPC response: HTTP status {(int)response.StatusCode} {response.ReasonPhrase}.");
        }

        if (Status(response.Headers) is not null)
        {
            // Trailers-Only: the status came in the headers and there is no message to read.
            ThrowIfNotOk(response.Headers);
            return new GrpcResponseReader<TResponse>(response, parser, maxMessageSize, body: null);
        }

        var contentType = response.Content.Headers.ContentType?.MediaType;
        if (contentType is null || !contentType.StartsWith(GrpcProtocol.ContentType, StringComparison.OrdinalIgnoreCase))
        {
            throw new GrpcException(GrpcStatusCode.Internal, $"Bad gRPC response: content type '{contentType}'.");
        }

        var stream = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        return new GrpcResponseReader<TResponse>(response, parser, maxMessageSize, PipeReader.Create(stream));
    }

    /// <summary>The next message, or <see langword="null"/> at the end of the stream once the status said OK.</summary>
    public async Task<TResponse?> ReadNextAsync(CancellationToken cancellationToken)
    {
        if (_body is null)
        {
            return null;
        }

        var message = await GrpcFrameReader.ReadMessageAsync(_body, _parser, _maxMessageSize, cancellationToken).ConfigureAwait(false);
        if (message is null)
        {
            // Trailers arrive only after the body is read to its end.
            if (Status(_response.TrailingHeaders) is null)
            {
                throw new GrpcException(GrpcStatusCode.Internal, "The response ended without a grpc-status trailer.");
            }

            ThrowIfNotOk(_response.TrailingHeaders);
        }

        return message;
    }

    /// <summary>Reads the one message of a unary or client-streaming response and the OK status after it.</summary>
    public async Task<TResponse> ReadSingleAsync(CancellationToken cancellationToken)
    {
        var message = await ReadNextAsync(cancellationToken).ConfigureAwait(false)
            ?? throw new GrpcException(GrpcStatusCode.Internal, "The call ended with status OK but without a response message.");
        if (await ReadNextAsync(cancellationToken).ConfigureAwait(false) is not null)
        {
            throw new GrpcException(GrpcStatusCode.Internal, "The response of a unary call carried more than one message.");
        }

        return message;
    }

    private static string? Status(HttpHeaders headers) =>
        headers.TryGetValues(GrpcProtocol.StatusHeader, out var values) ? values.FirstOrDefault() : null;

    private static void ThrowIfNotOk(HttpHeaders headers)
    {
        var value = Status(headers);
        if (!int.TryParse(value, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var code))
        {
            throw new GrpcException(GrpcStatusCode.Internal, $"Bad grpc-status '{value}'.");
        }

        if (code != (int)GrpcStatusCode.Ok)
        {
            var detail = headers.TryGetValues(GrpcProtocol.MessageHeader, out var messages) ? GrpcStatusMessage.Decode(messages.FirstOrDefault()) : string.Empty;
            throw new GrpcException((GrpcStatusCode)code, detail);
        }
    }

    // The mapping the gRPC HTTP/2 protocol spec gives for responses that are not gRPC at all.
    private static GrpcStatusCode FromHttpStatus(HttpStatusCode status) => status switch
    {
        HttpStatusCode.BadRequest => GrpcStatusCode.Internal,
        HttpStatusCode.Unauthorized => GrpcStatusCode.Unauthenticated,
        HttpStatusCode.Forbidden => GrpcStatusCode.PermissionDenied,
        HttpStatusCode.NotFound => GrpcStatusCode.Unimplemented,
        HttpStatusCode.TooManyRequests or HttpStatusCode.BadGateway or HttpStatusCode.ServiceUnavailable or HttpStatusCode.GatewayTimeout => GrpcStatusCode.Unavailable,
        _ => GrpcStatusCode.Unknown,
    };
}
