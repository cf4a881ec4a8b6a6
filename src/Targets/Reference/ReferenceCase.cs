using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Reference;

/// <summary>One round-trip case of the latency experiment: a stack, Small or Large items, and how many.</summary>
/// <param name="Stack">The stack that echoes.</param>
/// <param name="Large">Large items (orders) rather than Small ones (one Guid).</param>
/// <param name="Count">How many items go each way.</param>
public sealed record ReferenceCase(EchoStack Stack, bool Large, int Count)
{
    /// <summary>The reference-shaped name, for example <c>LargeWcfText-100</c>; baselines are keyed by it.</summary>
    public string Name => $"{(Large ? "Large" : "Small")}{ReferenceNames.For(Stack)}-{Count}";

    /// <summary>Binds the case to a client: the payload is made once, and every call checks that all items came back.</summary>
    public Func<CancellationToken, Task> Bind(IEchoClient client)
    {
        ArgumentNullException.ThrowIfNull(client);
        if (Large)
        {
            var items = PayloadGenerator.Large(Count);
            return async ct => Check((await client.EchoLargeAsync(items, ct).ConfigureAwait(false)).Count);
        }

        var small = PayloadGenerator.Small(Count);
        return async ct => Check((await client.EchoSmallAsync(small, ct).ConfigureAwait(false)).Count);
    }

    /// <inheritdoc/>
    public override string ToString() => Name;

    // Fidelity is proven by the functional tests; here a short answer must still never pass as a fast one.
    private void Check(int received)
    {
        if (received != Count)
        {
            throw new InvalidOperationException($"{Name}: {Stack.Id} answered {received} items for {Count}.");
        }
    }
}
