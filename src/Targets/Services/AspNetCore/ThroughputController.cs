using System.Globalization;
using Microsoft.AspNetCore.Mvc;
using PerfAssert.Targets.Services.Throughput;

namespace PerfAssert.Targets.Services.AspNetCore;

/// <summary>
/// The REST throughput experiment's operations on controllers, the Web API role (the minimal-API ones are
/// <see cref="ThroughputEndpoints"/>): the time as text, a buffered echo with Content-Length, and an echo streamed back
/// chunked. The same answers, byte for byte, so one checked client loads both.
/// </summary>
[ApiController]
[Route(RoutePrefix)]
[RequestSizeLimit(RequestLimits.MaxBodyBytes)]
public sealed class ThroughputController(TimeProvider time) : ControllerBase
{
    /// <summary>The route prefix of the controller throughput endpoints.</summary>
    public const string RoutePrefix = "api/throughput";

    [HttpGet("time")]
    public ContentResult Time() =>
        Content(ThroughputEndpoints.TimeGreeting + time.GetLocalNow().ToString(ThroughputEndpoints.TimeFormat, CultureInfo.InvariantCulture), "text/plain; charset=utf-8");

    [HttpPost("echo")]
    public async Task<FileContentResult> Echo()
    {
        using var buffer = new MemoryStream();
        await Request.Body.CopyToAsync(buffer, HttpContext.RequestAborted).ConfigureAwait(false);
        return File(buffer.ToArray(), Request.ContentType ?? "application/octet-stream");
    }

    [HttpPost("echo-chunked")]
    [HttpPut("echo-chunked")]
    public async Task EchoChunked()
    {
        // No Content-Length: Kestrel answers HTTP/1.1 with Transfer-Encoding: chunked while the body streams through.
        Response.ContentType = Request.ContentType ?? "application/octet-stream";
        await Response.StartAsync(HttpContext.RequestAborted).ConfigureAwait(false);
        await Request.Body.CopyToAsync(Response.Body, 16 * 1024, HttpContext.RequestAborted).ConfigureAwait(false);
    }
}
