using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Clients;

/// <summary>The operations experiment on one stack: the server holds a fixed collection of todos.</summary>
public interface ITodoClient : IAsyncDisposable
{
    string Name { get; }

    /// <summary>Gets the whole collection.</summary>
    Task<List<TodoItem>> GetAsync(CancellationToken cancellationToken);

    /// <summary>Gets the first item of the collection.</summary>
    Task<TodoItem> FirstAsync(CancellationToken cancellationToken);

    /// <summary>Sends a whole collection; the server answers with how many items it received.</summary>
    Task<int> SendAsync(List<TodoItem> items, CancellationToken cancellationToken);

    /// <summary>Sends one item; the server answers with its id.</summary>
    Task<int> SendOneAsync(TodoItem item, CancellationToken cancellationToken);
}
