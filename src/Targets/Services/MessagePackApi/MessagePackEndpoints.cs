using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Services.MessagePackApi;

/// <summary>
/// Minimal API echo endpoints speaking <c>application/x-msgpack</c> through MessagePack-CSharp.
/// Wrong content type: 415; malformed, truncated or trailing-garbage body, or a contract array of the wrong length: 400; body over
/// <see cref="MessagePackHttp.MaxBodyBytes"/>: 413. Each answer is plain text saying why.
/// </summary>
public static class MessagePackEndpoints
{
    /// <summary>The route prefix of the minimal API MessagePack endpoints.</summary>
    public const string Prefix = "/minimal/msgpack";

    public static IEndpointRouteBuilder MapMessagePackEcho(this IEndpointRouteBuilder endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        endpoints.MapPost(Prefix + "/small", (RequestDelegate)EchoAsync<List<SmallItem>>);
        endpoints.MapPost(Prefix + "/large", (RequestDelegate)EchoAsync<List<LargeItem>>);
        return endpoints;
    }

    private static async Task EchoAsync<T>(HttpContext context)
    {
        var cancellationToken = context.RequestAborted;
        if (!MessagePackHttp.HasMessagePackContentType(context.Request))
        {
            await RejectAsync(context, StatusCodes.Status415UnsupportedMediaType, $"Send the body as {MessagePackMediaType.Value}.").ConfigureAwait(false);
            return;
        }

        var body = await MessagePackHttp.ReadAsync(context.Request, typeof(T), cancellationToken).ConfigureAwait(false);
        if (!body.Succeeded)
        {
            await RejectAsync(context, body.StatusCode, body.Error!).ConfigureAwait(false);
            return;
        }

        context.Response.ContentType = MessagePackMediaType.Value;
        await MessagePackHttp.WriteAsync(context.Response, typeof(T), body.Value, cancellationToken).ConfigureAwait(false);
    }

    private static Task RejectAsync(HttpContext context, int statusCode, string reason)
    {
        context.Response.StatusCode = statusCode;
        context.Response.ContentType = "text/plain; charset=utf-8";
        return context.Response.WriteAsync(reason, context.RequestAborted);
    }
}
