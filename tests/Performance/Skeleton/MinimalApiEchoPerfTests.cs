using System.Net.Http.Json;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;
using PerfAssert.Xunit;

namespace PerfAssert.Performance.Skeleton;

/// <summary>The walking skeleton: a real Kestrel loopback target measured by the engine, with budgets that bite.</summary>
public sealed class MinimalApiEchoPerfTests
{
    [Fact]
    public async Task EchoSmall10_ComparedToLarge10_IsFasterAndAllocatesLess()
    {
        var ct = TestContext.Current.CancellationToken;
        await using var host = await TargetHost.StartAsync(cancellationToken: ct);
        using var client = host.Endpoints.CreateHttpClient(TimeSpan.FromSeconds(10));
        var small = PayloadGenerator.Small(10);
        var large = PayloadGenerator.Large(10);

        var result = await Perf.Measure("Minimal STJ Small-10", async token => await EchoAsync(client, "minimal/stj/small", small, token))
            .ComparedTo("Minimal STJ Large-10", async token => await EchoAsync(client, "minimal/stj/large", large, token))
            .MeanAtMost(1.0)
            .AllocatedBytesAtMostPartner()
            .AssertAsync();

        Assert.NotNull(result.Subject.Allocations);
    }

    private static async Task EchoAsync<T>(HttpClient client, string path, List<T> items, CancellationToken ct)
    {
        using var response = await client.PostAsJsonAsync(path, items, ct);
        response.EnsureSuccessStatusCode();
        var echoed = await response.Content.ReadFromJsonAsync<List<T>>(ct);
        if (echoed?.Count != items.Count)
        {
            throw new InvalidOperationException($"{path} answered {echoed?.Count} items for {items.Count}.");
        }
    }
}
