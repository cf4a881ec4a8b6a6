namespace PerfAssert.Hosting.Server;

/// <summary>The configured factory a host runs on, and the root factory when the host created it (and so disposes it).</summary>
internal sealed class FactoryPair(IAsyncDisposable configured, IAsyncDisposable? ownedRoot) : IAsyncDisposable
{
    private int _disposed;

    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        await configured.DisposeAsync().ConfigureAwait(false);
        if (ownedRoot is not null)
        {
            await ownedRoot.DisposeAsync().ConfigureAwait(false);
        }
    }
}
