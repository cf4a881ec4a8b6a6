using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Clients;

/// <summary>The NetTcp-vs-gRPC experiment's <c>GetDataStream(min, max)</c> operation on one stack.</summary>
public interface IDataStreamClient : IAsyncDisposable
{
    string Name { get; }

    Task<List<CompositeType>> GetDataStreamAsync(int min, int max, CancellationToken cancellationToken);
}
