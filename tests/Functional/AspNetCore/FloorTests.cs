using PerfAssert.Functional.Hosting;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Services.Floor;

namespace PerfAssert.Functional.AspNetCore;

public sealed class FloorTests(LoopbackTargetsFixture fixture) : IClassFixture<LoopbackTargetsFixture>
{
    [Theory]
    [InlineData(1)]
    [InlineData(64)]
    [InlineData(256 * 1024)]
    public async Task PingPong_OverRawTcp_EchoesEveryByte(int size)
    {
        using var cts = Bounded.Within();
        await using var client = await FloorTcpClient.ConnectAsync(fixture.Endpoints, cts.Token);

        for (var i = 0; i < 3; i++)
        {
            await client.PingPongAsync(size, cts.Token);
        }

        Assert.True(fixture.Endpoints.Tcp[FloorModule.TcpEchoProtocol].Port > 0);
    }

    [Fact]
    public async Task GetEmpty_OverKestrel_AnswersEmpty200()
    {
        using var cts = Bounded.Within();
        await using var client = new FloorHttpClient(fixture.Endpoints);

        await client.GetEmptyAsync(cts.Token);
    }

    [Fact]
    public async Task GetEmpty_InMemory_AnswersEmpty200()
    {
        using var cts = Bounded.Within();
        await using var host = await Targets.Hosting.TargetHost.StartAsync(new() { InMemory = true, Modules = [new FloorModule()] }, cts.Token);
        await using var client = new FloorHttpClient(host.Endpoints);

        await client.GetEmptyAsync(cts.Token);

        Assert.Empty(host.Endpoints.Tcp);
    }
}
