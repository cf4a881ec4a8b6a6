using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Clients;

/// <summary>
/// One stack and format's echo operations behind a uniform shape, so a test can loop over every stack with the
/// same code: the client sends N items, the server deserializes them and answers with the same N items.
/// </summary>
public interface IEchoClient : IAsyncDisposable
{
    /// <summary>The stack and format, for example <c>AspNetCore.Controllers/Newtonsoft</c>.</summary>
    string Name { get; }

    Task<List<SmallItem>> EchoSmallAsync(List<SmallItem> items, CancellationToken cancellationToken);

    Task<List<LargeItem>> EchoLargeAsync(List<LargeItem> items, CancellationToken cancellationToken);
}
