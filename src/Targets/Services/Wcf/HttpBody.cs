using Microsoft.AspNetCore.Http.Features;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// Reads a request body into memory with a hard size limit, the way WCF's buffered transfer mode does. Works on
/// Kestrel and on TestServer alike, so the limit holds in memory too, where Kestrel's own limit does not apply.
/// </summary>
internal static class HttpBody
{
    /// <summary>Returns the body, or <see langword="null"/> when it is larger than <paramref name="maxBytes"/>.</summary>
    public static async Task<ArraySegment<byte>?> ReadAsync(HttpRequest request, int maxBytes, CancellationToken cancellationToken)
    {
        if (request.ContentLength is { } length)
        {
            if (length > maxBytes)
            {
                return null;
            }

            // The server enforces Content-Length: a short body fails the read (400), a long one cannot be sent.
            var exact = new byte[length];
            await request.Body.ReadExactlyAsync(exact, cancellationToken).ConfigureAwait(false);
            return exact;
        }

        // A request that cannot have a body (a GET without Content-Length or Transfer-Encoding) reads as empty, without
        // a buffer: WCF's transport does not allocate one either.
        if (request.HttpContext.Features.Get<IHttpRequestBodyDetectionFeature>() is { CanHaveBody: false })
        {
            return ArraySegment<byte>.Empty;
        }

        // A chunked body of unknown length: start small, as most are, and double up to the limit.
        var buffer = new byte[Math.Min(4 * 1024, maxBytes + 1)];
        var filled = 0;
        while (true)
        {
            if (filled == buffer.Length)
            {
                if (buffer.Length > maxBytes)
                {
                    return null;
                }

                // One byte over the limit is enough to tell an oversize chunked body from one that fits exactly.
                Array.Resize(ref buffer, (int)Math.Min(buffer.Length * 2L, maxBytes + 1L));
            }

            var read = await request.Body.ReadAsync(buffer.AsMemory(filled), cancellationToken).ConfigureAwait(false);
            if (read == 0)
            {
                return new ArraySegment<byte>(buffer, 0, filled);
            }

            filled += read;
        }
    }
}
