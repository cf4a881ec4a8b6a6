using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Reference;

/// <summary>
/// A case that is not a plain echo: a name for results and baselines, and a factory that opens its clients on a running host
/// and returns the operation plus whatever must be disposed with it.
/// </summary>
/// <param name="Name">The case's name, for example <c>DataStreamGrpcUnary-42</c>.</param>
/// <param name="Open">Opens the clients and returns the operation.</param>
public sealed record NamedCase(string Name, Func<TargetEndpoints, BoundCase> Open)
{
    /// <inheritdoc/>
    public override string ToString() => Name;
}

/// <summary>An opened case: the operation to measure and the clients to dispose afterwards.</summary>
/// <param name="Operation">One call of the case.</param>
/// <param name="Clients">The clients the operation uses.</param>
public sealed record BoundCase(Func<CancellationToken, Task> Operation, IReadOnlyList<IAsyncDisposable> Clients) : IAsyncDisposable
{
    /// <inheritdoc/>
    public async ValueTask DisposeAsync()
    {
        foreach (var client in Clients)
        {
            await client.DisposeAsync().ConfigureAwait(false);
        }
    }
}
