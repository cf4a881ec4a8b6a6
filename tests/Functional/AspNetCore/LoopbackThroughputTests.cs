using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Functional.AspNetCore;

public sealed class LoopbackThroughputTests(LoopbackTargetsFixture fixture) : ThroughputTests(fixture), IClassFixture<LoopbackTargetsFixture>
{
    protected override void AssertFraming(EchoedBody echoed)
    {
        ArgumentNullException.ThrowIfNull(echoed);
        Assert.True(echoed.Chunked, "Over a socket the streamed echo must answer with Transfer-Encoding: chunked.");
        Assert.Null(echoed.ContentLength);
    }
}
