using System.Text;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>Sends a buffered answer with its Content-Length, as WCF's buffered transfer mode does.</summary>
internal static class HttpReply
{
    public static Task SendAsync(HttpContext context, int statusCode, string contentType, MemoryStream body)
    {
        context.Response.StatusCode = statusCode;
        context.Response.ContentType = contentType;
        context.Response.ContentLength = body.Length;
        return context.Response.Body.WriteAsync(body.GetBuffer().AsMemory(0, (int)body.Length), context.RequestAborted).AsTask();
    }

    public static Task SendTextAsync(HttpContext context, int statusCode, string message, string contentType = "text/plain; charset=utf-8")
    {
        var bytes = Encoding.UTF8.GetBytes(message);
        var body = new MemoryStream(bytes, 0, bytes.Length, writable: false, publiclyVisible: true);
        return SendAsync(context, statusCode, contentType, body);
    }

    /// <summary>Whether the request's media type is one of <paramref name="accepted"/> and any charset is UTF-8.</summary>
    public static bool HasContentType(HttpRequest request, params ReadOnlySpan<string> accepted)
    {
        if (!Microsoft.Net.Http.Headers.MediaTypeHeaderValue.TryParse(request.ContentType, out var media))
        {
            return false;
        }

        var charset = media.Charset.Value;
        if (charset is not null && !charset.Trim('"').Equals("utf-8", StringComparison.OrdinalIgnoreCase))
        {
            return false;
        }

        foreach (var type in accepted)
        {
            if (media.MediaType.Equals(type, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }
}
