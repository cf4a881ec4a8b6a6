using Microsoft.AspNetCore.Mvc;
using PerfAssert.Targets.Contracts;

namespace PerfAssert.Functional.MessagePack.MvcProbe;

/// <summary>
/// A stand-in for the REST module's echo controllers, internal so that default controller discovery in other
/// tests' hosts never picks it up; only <see cref="MessagePackMvcProbeModule"/> registers it.
/// </summary>
[ApiController]
[Route(Route)]
internal sealed class MessagePackProbeController : ControllerBase
{
    public const string Route = "probe/msgpack";

    [HttpPost("small")]
    public ActionResult<List<SmallItem>> Small(List<SmallItem> items) => items;

    [HttpPost("large")]
    public ActionResult<List<LargeItem>> Large(List<LargeItem> items) => items;
}
