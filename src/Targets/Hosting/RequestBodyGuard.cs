using System.Text;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Http.Metadata;

namespace PerfAssert.Targets.Hosting;

/// <summary>
/// Guards every endpoint's request body. It applies the endpoint's <see cref="IRequestSizeLimitMetadata"/> (for example
/// <c>[RequestSizeLimit]</c>) before the body is read: a declared <c>Content-Length</c> over the limit gets 413 at once,
/// on Kestrel and on TestServer alike. Kestrel also enforces the limit while streaming a chunked body; TestServer has no
/// such limit, so in memory a chunked body is bounded only by the endpoint's own reader. And a body that is not valid
/// UTF-8 gets 400 with the reason instead of 500: MVC's Newtonsoft formatter decodes strictly and lets the
/// <see cref="DecoderFallbackException"/> escape model binding; and XML the reader fails on with an
/// <see cref="ArgumentException"/> instead of an <c>XmlException</c>, or an <c>XmlException</c> a formatter lets escape, gets 400 too. (Caught here, it costs nothing per request; an MVC
/// exception filter cost every controller request 472 B, which the baseline-build tests caught.)
/// </summary>
internal static class RequestBodyGuard
{
    public static async Task InvokeAsync(HttpContext context, RequestDelegate next)
    {
        var limit = context.GetEndpoint()?.Metadata.GetMetadata<IRequestSizeLimitMetadata>()?.MaxRequestBodySize;
        if (limit is { } max)
        {
            if (context.Request.ContentLength > max)
            {
                context.Response.StatusCode = StatusCodes.Status413PayloadTooLarge;
                context.Response.ContentType = "text/plain; charset=utf-8";
                await context.Response.WriteAsync($"The request body ({context.Request.ContentLength} bytes) exceeds this endpoint's limit of {max} bytes.", context.RequestAborted).ConfigureAwait(false);
                return;
            }

            var feature = context.Features.Get<IHttpMaxRequestBodySizeFeature>();
            if (feature is { IsReadOnly: false })
            {
                feature.MaxRequestBodySize = max;
            }
        }

        try
        {
            await next(context).ConfigureAwait(false);
        }
        catch (DecoderFallbackException ex) when (!context.Response.HasStarted)
        {
            await BadRequestAsync(context, $"The request body is not valid UTF-8: {ex.Message}").ConfigureAwait(false);
        }
        catch (Exception ex) when (!context.Response.HasStarted && IsXmlReadFailure(ex))
        {
            await BadRequestAsync(context, $"The request body is not well-formed XML: {ex.Message}").ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Whether the XML reader failed on the body and a formatter let it escape. Two shapes, both found by the fuzz pass:
    /// an <c>XmlException</c> from MVC's DataContract formatter, which creates its reader outside the try that turns reading
    /// errors into model state, and the reader sniffs the encoding as it is created (a body of fewer than four bytes, "&lt;"
    /// or "&lt;A&gt;"); and the <see cref="ArgumentException"/> .NET's UTF-8 XML reader throws rather than an
    /// <c>XmlException</c> for a body that ends inside a namespace prefix (<c>xmlns:</c>).
    /// </summary>
    private static bool IsXmlReadFailure(Exception exception) =>
        exception is System.Xml.XmlException
        || (exception is ArgumentException
            && new System.Diagnostics.StackTrace(exception).GetFrames().Any(f => f.GetMethod()?.DeclaringType?.Namespace == "System.Xml"));

    private static Task BadRequestAsync(HttpContext context, string reason)
    {
        context.Response.Clear();
        context.Response.StatusCode = StatusCodes.Status400BadRequest;
        context.Response.ContentType = "text/plain; charset=utf-8";
        return context.Response.WriteAsync(reason, context.RequestAborted);
    }
}
