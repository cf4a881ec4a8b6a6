using System.Globalization;
using Microsoft.AspNetCore.Mvc;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.AspNetCore;

namespace PerfAssert.Targets.Services.Throughput;

/// <summary>
/// The REST throughput experiment's operations (the reference ran them with <c>ab -k</c>): a GET answering a short
/// text with the time, a POST echoing the body buffered with Content-Length, and an echo streamed back chunked.
/// </summary>
public static class ThroughputEndpoints
{
    /// <summary>The route prefix of the throughput endpoints.</summary>
    public const string Prefix = "/throughput";

    /// <summary>The greeting of <c>GET /throughput/time</c>, followed by the time.</summary>
    public const string TimeGreeting = "Hello World. Time is: ";

    /// <summary>The time's format: 19 characters, so the answer is 41 bytes like the reference's.</summary>
    public const string TimeFormat = "yyyy-MM-dd HH:mm:ss";

    public static IEndpointRouteBuilder MapThroughput(this IEndpointRouteBuilder endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        var limit = new RequestSizeLimitAttribute(RequestLimits.MaxBodyBytes);
        endpoints.MapGet(Prefix + "/time", (TimeProvider time, FaultInjection faults) =>
        {
            faults.Apply();
            return Results.Text(TimeGreeting + time.GetLocalNow().ToString(TimeFormat, CultureInfo.InvariantCulture), "text/plain; charset=utf-8");
        });
        endpoints.MapPost(Prefix + "/echo", EchoBufferedAsync).WithMetadata(limit);
        // The reference streamed its answer to a PUT; POST is here too so both echoes take the same verb.
        endpoints.MapMethods(Prefix + "/echo-chunked", [HttpMethods.Post, HttpMethods.Put], EchoChunkedAsync).WithMetadata(limit);
        return endpoints;
    }

    /// <summary>Echoes the request body buffered, with Content-Length (the controllers' echo answers through it too).</summary>
    internal static async Task EchoBufferedAsync(HttpContext context)
    {
        using var buffer = new MemoryStream();
        await context.Request.Body.CopyToAsync(buffer, context.RequestAborted).ConfigureAwait(false);
        context.Response.ContentType = context.Request.ContentType ?? "application/octet-stream";
        context.Response.ContentLength = buffer.Length;
        await context.Response.Body.WriteAsync(buffer.GetBuffer().AsMemory(0, (int)buffer.Length), context.RequestAborted).ConfigureAwait(false);
    }

    /// <summary>Echoes the request body as it streams in, chunked (the controllers' echo answers through it too).</summary>
    internal static async Task EchoChunkedAsync(HttpContext context)
    {
        // No Content-Length: Kestrel answers HTTP/1.1 with Transfer-Encoding: chunked while the body streams through.
        context.Response.ContentType = context.Request.ContentType ?? "application/octet-stream";
        await context.Response.StartAsync(context.RequestAborted).ConfigureAwait(false);
        await context.Request.Body.CopyToAsync(context.Response.Body, 16 * 1024, context.RequestAborted).ConfigureAwait(false);
    }
}
