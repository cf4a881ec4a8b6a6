using System.Runtime.CompilerServices;
using Google.Protobuf;
using PerfAssert.Targets.Services.Grpc.Core;

namespace PerfAssert.Targets.Services.Grpc.Server;

/// <summary>One gRPC call on the server: reads framed request messages and writes framed response messages.</summary>
public sealed class GrpcServerCall
{
    private readonly int _maxReceiveMessageSize;

    internal GrpcServerCall(HttpContext httpContext, int maxReceiveMessageSize, CancellationToken cancellationToken)
    {
        HttpContext = httpContext;
        _maxReceiveMessageSize = maxReceiveMessageSize;
        CancellationToken = cancellationToken;
    }

    public HttpContext HttpContext { get; }

    /// <summary>Cancelled when the client goes away or the call's deadline passes.</summary>
    public CancellationToken CancellationToken { get; }

    /// <summary>Reads the one request message of a unary or server-streaming call.</summary>
    /// <exception cref="GrpcException">INTERNAL when the request holds no message or more than one.</exception>
    public async Task<T> ReadSingleAsync<T>(MessageParser<T> parser)
        where T : class, IMessage<T>
    {
        var message = await ReadNextAsync(parser).ConfigureAwait(false)
            ?? throw new GrpcException(GrpcStatusCode.Internal, "The request ended before its message.");
        if (await ReadNextAsync(parser).ConfigureAwait(false) is not null)
        {
            throw new GrpcException(GrpcStatusCode.Internal, "The request of a unary call carried more than one message.");
        }

        return message;
    }

    /// <summary>Reads the next request message, or <see langword="null"/> when the client has finished sending.</summary>
    public ValueTask<T?> ReadNextAsync<T>(MessageParser<T> parser)
        where T : class, IMessage<T> =>
        GrpcFrameReader.ReadMessageAsync(HttpContext.Request.BodyReader, parser, _maxReceiveMessageSize, CancellationToken);

    /// <summary>Reads request messages until the client has finished sending.</summary>
    public async IAsyncEnumerable<T> ReadAllAsync<T>(MessageParser<T> parser, [EnumeratorCancellation] CancellationToken cancellationToken = default)
        where T : class, IMessage<T>
    {
        while (await ReadNextAsync(parser).ConfigureAwait(false) is { } message)
        {
            cancellationToken.ThrowIfCancellationRequested();
            yield return message;
        }
    }

    /// <summary>Writes one response message and flushes it, so a streamed message leaves at once.</summary>
    public async Task WriteAsync(IMessage message)
    {
        ArgumentNullException.ThrowIfNull(message);
        GrpcFrameWriter.Write(HttpContext.Response.BodyWriter, message);
        await HttpContext.Response.BodyWriter.FlushAsync(CancellationToken).ConfigureAwait(false);
    }
}
