using System.Collections.Frozen;
using Microsoft.AspNetCore.Mvc;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// WCF's WebHttp raw programming model (a <see cref="Stream"/> in, a <see cref="Stream"/> out), which the REST throughput
/// experiment's WCF service used: <c>GET {Prefix}/time</c>, <c>POST {Prefix}/echo</c> with WebHttpBinding's buffered
/// transfer mode (the body is read whole, up to <see cref="WcfLimits.MaxReceivedMessageSize"/>, and the answer is
/// buffered with its Content-Length) and <c>POST|PUT {Prefix}/echo-chunked</c> with the streamed transfer mode (the
/// body reaches the operation as a stream and the answer goes out chunked). Operations are selected by method and URI
/// template, as WCF's WebHttp dispatcher selects them: an unknown path is 404 "Endpoint not found", a known path with
/// another method 405 with <c>Allow</c>. Raw streams carry no content type, so WCF answers
/// <c>application/octet-stream</c> and accepts any request content type.
/// </summary>
public static class WebHttpRawEndpoints
{
    /// <summary>The route prefix of the raw WebHttp operations.</summary>
    public const string Prefix = "/wcf/web/throughput";

    private const string RawContentType = "application/octet-stream";

    private static readonly WebHttpRawOperation[] Operations =
    [
        new("time", [HttpMethods.Get], Streamed: false, (service, _, _) => Task.FromResult(service.TestGet())),
        new("echo", [HttpMethods.Post], Streamed: false, (service, body, ct) => service.TestStreamAsync(body, ct)),
        new("echo-chunked", [HttpMethods.Post, HttpMethods.Put], Streamed: true, (service, body, ct) => service.TestStreamAsync(body, ct)),
    ];

    // Literal templates match case-insensitively, as WCF matches them; one lookup per request, no closure.
    private static readonly FrozenDictionary<string, WebHttpRawOperation> ByTemplate =
        Operations.ToFrozenDictionary(o => o.UriTemplate, StringComparer.OrdinalIgnoreCase);

    public static IEndpointRouteBuilder MapWcfWebHttpRaw(this IEndpointRouteBuilder endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        // The transport's limit, which Kestrel also enforces on a streamed (chunked) body as it arrives.
        endpoints.Map(Prefix + "/{**template}", HandleAsync).WithMetadata(new RequestSizeLimitAttribute(WcfLimits.MaxReceivedMessageSize));
        return endpoints;
    }

    private static async Task HandleAsync(HttpContext context)
    {
        var template = context.Request.RouteValues["template"] as string ?? string.Empty;
        if (!ByTemplate.TryGetValue(template, out var operation))
        {
            await HttpReply.SendTextAsync(context, StatusCodes.Status404NotFound, $"Endpoint not found: no operation of the throughput service has the URI template '{template}'.").ConfigureAwait(false);
            return;
        }

        if (!operation.Methods.Contains(context.Request.Method, StringComparer.OrdinalIgnoreCase))
        {
            context.Response.Headers.Allow = string.Join(", ", operation.Methods);
            await HttpReply.SendTextAsync(context, StatusCodes.Status405MethodNotAllowed, $"Method not allowed: '{template}' takes {string.Join(" or ", operation.Methods)}, not {context.Request.Method}.").ConfigureAwait(false);
            return;
        }

        Stream body;
        if (operation.Streamed)
        {
            body = new BoundedReadStream(context.Request.Body, WcfLimits.MaxReceivedMessageSize);
        }
        else if (await HttpBody.ReadAsync(context.Request, WcfLimits.MaxReceivedMessageSize, context.RequestAborted).ConfigureAwait(false) is { } buffered)
        {
            body = new MemoryStream(buffered.Array!, buffered.Offset, buffered.Count, writable: false);
        }
        else
        {
            await TooLargeAsync(context).ConfigureAwait(false);
            return;
        }

        Stream answer;
        try
        {
            answer = await operation.Invoke(context.RequestServices.GetRequiredService<WcfThroughputService>(), body, context.RequestAborted).ConfigureAwait(false);
        }
        catch (BoundedReadStream.LimitExceededException)
        {
            await TooLargeAsync(context).ConfigureAwait(false);
            return;
        }

        await using (answer.ConfigureAwait(false))
        {
            await SendAsync(context, answer, operation.Streamed).ConfigureAwait(false);
        }
    }

    private static async Task SendAsync(HttpContext context, Stream answer, bool streamed)
    {
        context.Response.StatusCode = StatusCodes.Status200OK;
        if (streamed)
        {
            // No Content-Length: Kestrel frames the answer chunked, as WCF's streamed transfer mode does.
            context.Response.ContentType = RawContentType;
            await context.Response.StartAsync(context.RequestAborted).ConfigureAwait(false);
            await answer.CopyToAsync(context.Response.Body, context.RequestAborted).ConfigureAwait(false);
            return;
        }

        // Buffered: WCF's encoder writes the whole message, the operation's stream copied in, into a buffer first, so
        // the answer has its Content-Length.
        var buffer = new MemoryStream(answer.CanSeek ? (int)Math.Min(answer.Length, WcfLimits.MaxReceivedMessageSize) : 0);
        await answer.CopyToAsync(buffer, context.RequestAborted).ConfigureAwait(false);
        await HttpReply.SendAsync(context, StatusCodes.Status200OK, RawContentType, buffer).ConfigureAwait(false);
    }

    private static Task TooLargeAsync(HttpContext context) =>
        HttpReply.SendTextAsync(context, StatusCodes.Status413PayloadTooLarge, $"The body exceeds the maximum received message size of {WcfLimits.MaxReceivedMessageSize} bytes.");
}
