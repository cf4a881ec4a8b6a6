using System.Collections.Concurrent;
using System.IO.Pipelines;
using MessagePack;
using Microsoft.Net.Http.Headers;

namespace PerfAssert.Targets.Services.MessagePackApi;

/// <summary>
/// Reads and writes MessagePack HTTP bodies with MessagePack-CSharp, for the minimal endpoints and the MVC formatters
/// alike, with <see cref="MessagePackServerOptions.Value"/>. Its reading is stricter than the library's: the body must
/// hold exactly one value, and each data contract exactly its members (<see cref="ExactArrayLengthResolver"/>).
/// </summary>
internal static class MessagePackHttp
{
    /// <summary>
    /// The largest request body accepted: 8 MiB, about 25 times the reference's largest payload (Large-1000 is
    /// roughly 0.3 MiB as MessagePack). Larger bodies are refused (413 on the minimal endpoints, a model error and
    /// 400 under MVC) before they are buffered; Kestrel's own 30 MB limit never comes into play.
    /// </summary>
    public const int MaxBodyBytes = 8 * 1024 * 1024;

    // MVC asks for every request whether a formatter can read or write the model type.
    private static readonly ConcurrentDictionary<Type, bool> Contracts = new();

    public static bool HasMessagePackContentType(HttpRequest request) =>
        MediaTypeHeaderValue.TryParse(request.ContentType, out var mediaType)
        && mediaType.MediaType.Equals(MessagePackMediaType.Value, StringComparison.OrdinalIgnoreCase);

    /// <summary>
    /// Whether <paramref name="type"/> is a data contract keyed by order, or a list of them: the types the targets
    /// exchange. Others (MVC's <c>ProblemDetails</c>, for one) are left to the JSON formatters.
    /// </summary>
    public static bool IsContract(Type type) => Contracts.GetOrAdd(type, static type =>
        ExactArrayLengthResolver.ArrayLength(type) is not null
        || (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(List<>) && ExactArrayLengthResolver.ArrayLength(type.GetGenericArguments()[0]) is not null));

    /// <summary>
    /// Buffers the body in the request's own pipe up to <see cref="MaxBodyBytes"/> and deserializes it as
    /// <paramref name="type"/> straight from the pipe's segments.
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
                    return Deserialize(type, buffer, cancellationToken);
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
        MessagePackSerializer.Serialize(type, response.BodyWriter, value, MessagePackServerOptions.Value, cancellationToken);
        await response.BodyWriter.FlushAsync(cancellationToken).ConfigureAwait(false);
    }

    private static MessagePackBody Deserialize(Type type, System.Buffers.ReadOnlySequence<byte> body, CancellationToken cancellationToken)
    {
        var reader = new MessagePackReader(body) { CancellationToken = cancellationToken };
        try
        {
            var value = MessagePackSerializer.Deserialize(type, ref reader, MessagePackServerOptions.Value);
            // The library reads the first value and stops; what follows it would otherwise be dropped without a word.
            return reader.End
                ? MessagePackBody.Success(value)
                : Invalid(type, $"the value ends at byte {reader.Consumed} of {body.Length}, and nothing may follow it");
        }
        catch (MessagePackSerializationException ex)
        {
            return Invalid(type, Reason(ex));
        }
    }

    // The library's own message names only the type ("Failed to deserialize ... value."); the why is in the inner exceptions.
    private static string Reason(Exception exception)
    {
        var reasons = new List<string>();
        for (var current = exception; current is not null; current = current.InnerException)
        {
            reasons.Add(current.Message);
        }

        return string.Join(" ", reasons);
    }

    private static MessagePackBody Invalid(Type type, string reason) =>
        MessagePackBody.Failure(StatusCodes.Status400BadRequest, $"The body is not a valid MessagePack {TypeName(type)}: {reason}");

    private static string TypeName(Type type) =>
        type.IsGenericType ? $"{type.Name[..type.Name.IndexOf('`', StringComparison.Ordinal)]}<{string.Join(", ", type.GetGenericArguments().Select(TypeName))}>" : type.Name;

    private static MessagePackBody TooLarge(long length) =>
        MessagePackBody.Failure(StatusCodes.Status413PayloadTooLarge, $"The body of {length} bytes or more exceeds the limit of {MaxBodyBytes} bytes.");
}
