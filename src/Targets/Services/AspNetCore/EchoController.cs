using Microsoft.AspNetCore.Mvc;
using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Services.AspNetCore;

/// <summary>
/// The classic Web API echo in ASP.NET Core controllers (ASP.NET Web API itself runs only on .NET Framework):
/// the body is deserialized by whichever input formatter matches Content-Type and the answer written by the one
/// Accept asks for. <c>[ApiController]</c> turns a malformed or empty body into 400 and an unknown Content-Type into 415.
/// </summary>
[ApiController]
[Route(RoutePrefix)]
[RequestSizeLimit(RequestLimits.MaxBodyBytes)]
public sealed class EchoController : ControllerBase
{
    /// <summary>The route prefix of the controller echo endpoints.</summary>
    public const string RoutePrefix = "api/echo";

    [HttpPost("small")]
    public ActionResult<List<SmallItem>> Small(List<SmallItem> items) => items;

    [HttpPost("large")]
    public ActionResult<List<LargeItem>> Large(List<LargeItem> items) => items;
}
