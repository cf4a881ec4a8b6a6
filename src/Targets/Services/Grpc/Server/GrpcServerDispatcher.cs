using System.Globalization;
using PerfAssert.Targets.Services.Grpc.Core;

namespace PerfAssert.Targets.Services.Grpc.Server;

/// <summary>
/// Runs one gRPC call on an HTTP/2 request: checks protocol and content type, applies the deadline, and turns
/// every outcome into a <c>grpc-status</c>, so a bad call never crashes the host or leaves the stream hanging.
/// </summary>
public static partial class GrpcServerDispatcher
{
    public static async Task HandleAsync(HttpContext context, GrpcServerOptions options, Func<GrpcServerCall, Task> handler)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(handler);
        if (!HttpProtocol.IsHttp2(context.Request.Protocol))
        {
            // Only the HTTP/2-only (h2c) listener can carry gRPC; the HTTP/1.1 listener cannot upgrade.
            await RejectAsync(context, StatusCodes.Status426UpgradeRequired, $"gRPC needs HTTP/2; {context.Request.Protocol} is not supported. Use the h2c endpoint.").ConfigureAwait(false);
            return;
        }

        if (!IsGrpcContentType(context.Request.ContentType))
        {
            await RejectAsync(context, StatusCodes.Status415UnsupportedMediaType, $"Content-Type '{context.Request.ContentType}' is not supported; use {GrpcProtocol.ContentType}.").ConfigureAwait(false);
            return;
        }

        context.Response.ContentType = GrpcProtocol.ContentType;
        var encoding = context.Request.Headers[GrpcProtocol.EncodingHeader].ToString();
        if (encoding.Length > 0 && encoding != GrpcProtocol.IdentityEncoding)
        {
            // As grpc answers an encoding it does not support, naming the ones it does.
            context.Response.Headers[GrpcProtocol.AcceptEncodingHeader] = GrpcProtocol.IdentityEncoding;
            Complete(context, GrpcStatusCode.Unimplemented, $"Message encoding '{encoding}' is not supported; this server accepts {GrpcProtocol.IdentityEncoding} only.");
            return;
        }

        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(context.RequestAborted);
        deadline.CancelAfter(Timeout(context, options));
        var (status, detail) = await RunAsync(context, handler, new GrpcServerCall(context, options.MaxReceiveMessageSize, deadline.Token)).ConfigureAwait(false);
        if (status is not null)
        {
            Complete(context, status.Value, detail);
        }
    }

    /// <summary>Whether a content type is gRPC: <c>application/grpc</c> or <c>application/grpc+proto</c>.</summary>
    public static bool IsGrpcContentType(string? contentType) =>
        contentType is not null
        && contentType.StartsWith(GrpcProtocol.ContentType, StringComparison.OrdinalIgnoreCase)
        && (contentType.Length == GrpcProtocol.ContentType.Length || contentType[GrpcProtocol.ContentType.Length] is '+' or ';');

    // Returns no status when the client went away: there is nobody left to answer.
    private static async Task<(GrpcStatusCode? Status, string? Detail)> RunAsync(HttpContext context, Func<GrpcServerCall, Task> handler, GrpcServerCall call)
    {
        try
        {
            await handler(call).ConfigureAwait(false);
            return (GrpcStatusCode.Ok, null);
        }
        catch (GrpcException ex) when (ex.InnerException is Google.Protobuf.InvalidProtocolBufferException)
        {
            // A request message protobuf cannot parse: grpc-dotnet's server lets the deserializer's exception reach its
            // handler-error path, which answers UNKNOWN "Exception was thrown by handler." (with the exception's text when
            // detailed errors are on, as here, so the caller learns what was wrong).
            return (GrpcStatusCode.Unknown, "Exception was thrown by handler. " + ex.Detail);
        }
        catch (GrpcException ex)
        {
            return (ex.StatusCode, ex.Detail);
        }
        catch (FormatException ex)
        {
            // Well-formed protobuf holding a value no contract can (a 17-byte Guid, a decimal scale of 40).
            return (GrpcStatusCode.InvalidArgument, ex.Message);
        }
        catch (BadHttpRequestException ex)
        {
            return (ex.StatusCode == StatusCodes.Status413PayloadTooLarge ? GrpcStatusCode.ResourceExhausted : GrpcStatusCode.Internal, ex.Message);
        }
        catch (OperationCanceledException) when (context.RequestAborted.IsCancellationRequested)
        {
            return (null, null);
        }
        catch (OperationCanceledException) when (call.CancellationToken.IsCancellationRequested)
        {
            return (GrpcStatusCode.DeadlineExceeded, "Deadline exceeded.");
        }
        catch (Exception ex)
        {
            LogHandlerFailed(context.RequestServices.GetRequiredService<ILogger<GrpcServerCall>>(), context.Request.Path, ex);
            return (GrpcStatusCode.Unknown, "Exception was thrown by handler.");
        }
    }

    private static TimeSpan Timeout(HttpContext context, GrpcServerOptions options) =>
        GrpcTimeout.TryParse(context.Request.Headers[GrpcProtocol.TimeoutHeader], out var timeout) && timeout < options.MaxCallDuration
            ? timeout
            : options.MaxCallDuration;

    private static void Complete(HttpContext context, GrpcStatusCode status, string? detail)
    {
        var code = ((int)status).ToString(CultureInfo.InvariantCulture);
        var message = string.IsNullOrEmpty(detail) ? null : GrpcStatusMessage.Encode(detail);
        if (!context.Response.HasStarted)
        {
            // Trailers-Only: a call that sent no message carries its status in its only HEADERS frame.
            context.Response.Headers[GrpcProtocol.StatusHeader] = code;
            if (message is not null)
            {
                context.Response.Headers[GrpcProtocol.MessageHeader] = message;
            }

            return;
        }

        context.Response.AppendTrailer(GrpcProtocol.StatusHeader, code);
        if (message is not null)
        {
            context.Response.AppendTrailer(GrpcProtocol.MessageHeader, message);
        }
    }

    private static Task RejectAsync(HttpContext context, int statusCode, string reason)
    {
        context.Response.StatusCode = statusCode;
        context.Response.ContentType = "text/plain; charset=utf-8";
        return context.Response.WriteAsync(reason, context.RequestAborted);
    }

    [LoggerMessage(Level = LogLevel.Error, Message = "gRPC handler for {Path} failed.")]
    private static partial void LogHandlerFailed(ILogger logger, PathString path, Exception exception);
}
