using System.Net.Http.Json;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Functional.Skeleton;

public sealed class MinimalApiEchoTests
{
    [Fact]
    public async Task EchoLarge_OverKestrelLoopback_ReturnsExactlyThePayloadSent()
    {
        var ct = TestContext.Current.CancellationToken;
        await using var host = await TargetHost.StartAsync(cancellationToken: ct);
        using var client = new HttpClient { BaseAddress = host.BaseAddress, Timeout = TimeSpan.FromSeconds(10) };
        var sent = PayloadGenerator.Large(10);

        using var response = await client.PostAsJsonAsync("minimal/stj/large", sent, ct);
        response.EnsureSuccessStatusCode();
        var received = await response.Content.ReadFromJsonAsync<List<LargeItem>>(ct);

        Assert.Equal("127.0.0.1", host.BaseAddress.Host);
        Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Large));
    }
}
