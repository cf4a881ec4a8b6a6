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

    // The echoes are the minimal API's own code, so the two stacks differ only in how a request reaches it.
    [HttpPost("echo")]
    public Task Echo() => ThroughputEndpoints.EchoBufferedAsync(HttpContext);

    [HttpPost("echo-chunked")]
    [HttpPut("echo-chunked")]
    public Task EchoChunked() => ThroughputEndpoints.EchoChunkedAsync(HttpContext);
}
