using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Functional.Matrix;

/// <summary>
/// The round-trip fidelity matrix: every stack of <see cref="TargetCatalog.EchoStacks"/> x payload x count. A stack
/// runs in memory where it can, otherwise over loopback, so each stack appears in exactly one host mode.
/// </summary>
internal static class EchoMatrix
{
    public static TheoryData<string, MatrixPayload, int> Cases(bool inMemory)
    {
        var cases = new TheoryData<string, MatrixPayload, int>();
        foreach (var stack in TargetCatalog.EchoStacks.Where(s => s.SupportsInMemory == inMemory))
        {
            foreach (var payload in new[] { MatrixPayload.Small, MatrixPayload.Large })
            {
                foreach (var count in PayloadGenerator.ReferenceCounts)
                {
                    cases.Add(stack.Id, payload, count);
                }
            }

            cases.Add(stack.Id, MatrixPayload.SmallEdge, EdgePayload.Small().Count);
            cases.Add(stack.Id, MatrixPayload.LargeEdge, EdgePayload.Large().Count);
        }

        return cases;
    }

    public static async Task AssertRoundTripAsync(TargetEndpoints endpoints, string stackId, MatrixPayload payload, int count)
    {
        using var cts = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        cts.CancelAfter(MatrixTimeout.PerCase);
        await using var client = TargetCatalog.Get(stackId).Create(endpoints);
        if (payload is MatrixPayload.Small or MatrixPayload.SmallEdge)
        {
            var sent = payload == MatrixPayload.Small ? PayloadGenerator.Small(count, seed: count + 7) : EdgePayload.Small();
            Assert.Equal(count, sent.Count);
            var received = await client.EchoSmallAsync(sent, cts.Token);
            AssertNoDifference(stackId, PayloadComparer.FirstDifference(sent, received, PayloadComparer.Small));
            return;
        }

        var large = payload == MatrixPayload.Large ? PayloadGenerator.Large(count, seed: count + 7) : EdgePayload.Large();
        Assert.Equal(count, large.Count);
        var echoed = await client.EchoLargeAsync(large, cts.Token);
        AssertNoDifference(stackId, PayloadComparer.FirstDifference(FormatLoss.ExpectedLarge(stackId, large), echoed, PayloadComparer.Large));
        if (payload == MatrixPayload.LargeEdge && FormatLoss.IsLossy(stackId))
        {
            // The edge payload carries sub-millisecond ticks, so the documented loss must show; if it stops
            // showing, the format changed and FormatLoss must be updated rather than silently kept.
            Assert.NotNull(PayloadComparer.FirstDifference(large, echoed, PayloadComparer.Large));
        }
    }

    private static void AssertNoDifference(string stackId, string? difference) =>
        Assert.True(difference is null, $"{stackId} changed the payload: {difference}");
}
