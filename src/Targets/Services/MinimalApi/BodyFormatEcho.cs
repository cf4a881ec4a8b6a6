using System.Buffers;
using Microsoft.Net.Http.Headers;
using PerfAssert.Targets.Services.AspNetCore;

namespace PerfAssert.Targets.Services.MinimalApi;

/// <summary>
/// A minimal API echo that reads and writes the body with a <see cref="BodyFormat"/> by hand. Every bad request
/// ends in a 4xx with a short problem text: 415 for a Content-Type the format cannot read, 413 over
/// <see cref="RequestLimits.MaxBodyBytes"/>, 400 for an empty, truncated or malformed body.
/// </summary>
public static class BodyFormatEcho
{
    /// <summary>Reads a <typeparamref name="T"/> from the request and writes it back, or answers the problem.</summary>
    public static async Task EchoAsync<T>(HttpContext context, BodyFormat format)
        where T : class
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(format);
        var result = await ReadAsync<T>(context, format).ConfigureAwait(false);
        await result.ExecuteAsync(context).ConfigureAwait(false);
    }

    private static async Task<IResult> ReadAsync<T>(HttpContext context, BodyFormat format)
        where T : class
    {
        if (!MediaTypeHeaderValue.TryParse(context.Request.ContentType, out var contentType)
            || !format.CanRead(contentType.MediaType.Value!.ToLowerInvariant()))
        {
            return Problem(StatusCodes.Status415UnsupportedMediaType, $"Content-Type '{context.Request.ContentType}' is not supported here; send {format.ContentType}.");
        }

        var (body, length, problem) = await ReadBodyAsync(context).ConfigureAwait(false);
        if (problem is not null)
        {
            return problem;
        }

        try
        {
            if (length == 0)
            {
                return Problem(StatusCodes.Status400BadRequest, "The request body is empty.");
            }

            T? value;
            try
            {
                value = format.Deserialize<T>(body.AsMemory(0, length));
            }
            catch (InvalidDataException ex)
            {
                return Problem(StatusCodes.Status400BadRequest, "Malformed body: " + ex.Message);
            }

            return value is null ? Problem(StatusCodes.Status400BadRequest, "The body holds no value.") : new FormattedResult<T>(value, format);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(body);
        }
    }

    private static async Task<(byte[] Body, int Length, IResult? Problem)> ReadBodyAsync(HttpContext context)
    {
        // One byte past the limit is enough to know the body is too large; never buffer more than that.
        const int Cap = (int)RequestLimits.MaxBodyBytes + 1;
        var body = ArrayPool<byte>.Shared.Rent((int)Math.Clamp(context.Request.ContentLength ?? 16 * 1024, 1, Cap));
        var length = 0;
        try
        {
            while (true)
            {
                if (length == body.Length)
                {
                    var larger = ArrayPool<byte>.Shared.Rent(Math.Min(body.Length * 2, Cap));
                    body.AsSpan(0, length).CopyTo(larger);
                    ArrayPool<byte>.Shared.Return(body);
                    body = larger;
                }

                var window = body.AsMemory(length, Math.Min(body.Length, Cap) - length);
                var read = await context.Request.Body.ReadAsync(window, context.RequestAborted).ConfigureAwait(false);
                length += read;
                if (length > RequestLimits.MaxBodyBytes)
                {
                    return (body, length, Problem(StatusCodes.Status413PayloadTooLarge, $"The request body exceeds {RequestLimits.MaxBodyBytes} bytes."));
                }

                if (read == 0)
                {
                    return (body, length, null);
                }
            }
        }
        catch (BadHttpRequestException ex)
        {
            // Kestrel's own verdicts: a truncated body (400) or one over the endpoint's size limit (413).
            return (body, length, Problem(ex.StatusCode, ex.Message));
        }
    }

    private static IResult Problem(int statusCode, string detail) => Results.Text(detail, "text/plain; charset=utf-8", statusCode: statusCode);

    /// <summary>Writes the answer with its Content-Length, serialized by the same format that read the request.</summary>
    private sealed class FormattedResult<T>(T value, BodyFormat format) : IResult
    {
        public async Task ExecuteAsync(HttpContext httpContext)
        {
            using var buffer = new MemoryStream();
            format.Serialize(buffer, value);
            httpContext.Response.ContentType = format.ContentType;
            httpContext.Response.ContentLength = buffer.Length;
            await httpContext.Response.Body.WriteAsync(buffer.GetBuffer().AsMemory(0, (int)buffer.Length), httpContext.RequestAborted).ConfigureAwait(false);
        }
    }
}
