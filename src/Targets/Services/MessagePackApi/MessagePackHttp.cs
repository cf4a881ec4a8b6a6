using System.IO.Pipelines;
using Microsoft.Net.Http.Headers;
using PerfAssert.Targets.Formats.MessagePack;

namespace PerfAssert.Targets.Services.MessagePackApi;

/// <summary>Reads and writes MessagePack HTTP bodies for the minimal endpoints and the MVC formatters alike.</summary>
internal static class MessagePackHttp
{
    /// <summary>
    /// The largest request body accepted: 8 MiB, about 25 times the reference's largest payload (Large-1000 is
    /// roughly 0.3 MiB as MessagePack). Larger bodies are refused (413 on the minimal endpoints, a model error and
    /// 400 under MVC) before they are buffered; Kestrel's own 30 MB limit never comes into play.
    /// </summary>
    public const int MaxBodyBytes = 8 * 1024 * 1024;

    public static bool HasMessagePackContentType(HttpRequest request) =>
        MediaTypeHeaderValue.TryParse(request.ContentType, out var mediaType)
        && mediaType.MediaType.Equals(MessagePackMediaType.Value, StringComparison.OrdinalIgnoreCase);

    /// <summary>
    /// Buffers the body in the request's own pipe (no copy unless it spans several segments) up to
    /// <see cref="MaxBodyBytes"/> and deserializes it as <paramref name="type"/>.
    /// </summary>
    public static async ValueTask<MessagePackBody> ReadAsync(HttpRequest request, Type type, CancellationToken cancellationToken)
    {
        if (request.ContentLength > MaxBodyBytes)
        {
            return TooLarge(request.ContentLength.Value);
        }

        var reader = request.BodyReader;
        while (true)
        {
            ReadResult result;
            try
            {
                result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            }
            catch (BadHttpRequestException ex)
            {
                // Kestrel's own verdicts on the body: a client that stalls below the minimum data rate, a bad chunk.
                return MessagePackBody.Failure(ex.StatusCode, ex.Message);
            }

            var buffer = result.Buffer;
            if (buffer.Length > MaxBodyBytes)
            {
                reader.AdvanceTo(buffer.End);
                return TooLarge(buffer.Length);
            }

            if (result.IsCompleted || result.IsCanceled)
            {
                try
                {
                    return MessagePackBody.Success(MessagePackSerializer.Deserialize(type, buffer));
                }
                catch (MessagePackSerializationException ex)
                {
                    return MessagePackBody.Failure(StatusCodes.Status400BadRequest, "The body is not a valid MessagePack " + type.Name + ": " + ex.Message);
                }
                finally
                {
                    reader.AdvanceTo(buffer.End);
                }
            }

            reader.AdvanceTo(buffer.Start, buffer.End);
        }
    }

    /// <summary>Serializes straight into the response pipe, then flushes once.</summary>
    public static async Task WriteAsync(HttpResponse response, Type type, object? value, CancellationToken cancellationToken)
    {
        MessagePackSerializer.Serialize(response.BodyWriter, type, value);
        await response.BodyWriter.FlushAsync(cancellationToken).ConfigureAwait(false);
    }

    private static MessagePackBody TooLarge(long length) =>
        MessagePackBody.Failure(StatusCodes.Status413PayloadTooLarge, $"The body of {length} bytes or more exceeds the limit of {MaxBodyBytes} bytes.");
}
