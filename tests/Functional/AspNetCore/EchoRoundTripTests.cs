using PerfAssert.Functional.Hosting;
using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Functional.AspNetCore;

/// <summary>Every REST echo stack of the catalog sends Small and Large payloads and gets exactly them back.</summary>
public abstract class EchoRoundTripTests(TargetsFixture fixture)
{
    public static TheoryData<string, int> Cases()
    {
        var cases = new TheoryData<string, int>();
        foreach (var stack in TargetCatalog.EchoStacks.Where(s => s.Id.StartsWith("AspNetCore.", StringComparison.Ordinal)))
        {
            foreach (var count in new[] { 0, 1, 100 })
            {
                cases.Add(stack.Id, count);
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task EchoSmall_Count_ReturnsExactlyThePayloadSent(string stackId, int count)
    {
        using var cts = Bounded.Within();
        await using var client = TargetCatalog.Get(stackId).Create(fixture.Endpoints);
        var sent = PayloadGenerator.Small(count, seed: count + 1);

        var received = await client.EchoSmallAsync(sent, cts.Token);

        Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Small));
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task EchoLarge_Count_ReturnsExactlyThePayloadSent(string stackId, int count)
    {
        using var cts = Bounded.Within();
        await using var client = TargetCatalog.Get(stackId).Create(fixture.Endpoints);
        var sent = PayloadGenerator.Large(count, seed: count + 1);

        var received = await client.EchoLargeAsync(sent, cts.Token);

        Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Large));
    }
}
