using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Services.Todos;

/// <summary>
/// The server side of the operations experiment, shared by every stack (REST, SOAP, gRPC): the fixed collection of
/// <see cref="PayloadGenerator.TodoCollectionSize"/> generated todos, and counters of what clients sent. Register it with
/// <c>services.TryAddSingleton&lt;TodoStore&gt;()</c> so all modules in a host share one instance.
/// </summary>
public sealed class TodoStore
{
    private long _received;

    /// <summary>Creates a store holding <c>PayloadGenerator.Todos()</c>.</summary>
    public TodoStore()
        : this(PayloadGenerator.Todos())
    {
    }

    /// <summary>Creates a store holding a copy of <paramref name="items"/> (at least one).</summary>
    public TodoStore(IReadOnlyList<TodoItem> items)
    {
        ArgumentNullException.ThrowIfNull(items);
        ArgumentOutOfRangeException.ThrowIfZero(items.Count);
        // A private List: callers cannot change the collection afterwards, and serializers that declare List<TodoItem>
        // (the SOAP stand-in's DataContractSerializer) get exactly that type at run time.
        Items = items.ToList();
    }

    /// <summary>The whole collection, the answer of Get.</summary>
    public IReadOnlyList<TodoItem> Items { get; }

    /// <summary>The first item, the answer of First.</summary>
    public TodoItem First => Items[0];

    /// <summary>How many items clients have sent so far, over all stacks.</summary>
    public long ReceivedCount => Interlocked.Read(ref _received);

    /// <summary>Send: accepts a collection and answers how many items it held.</summary>
    public int Receive(IReadOnlyCollection<TodoItem> items)
    {
        ArgumentNullException.ThrowIfNull(items);
        Interlocked.Add(ref _received, items.Count);
        return items.Count;
    }

    /// <summary>SendOne: accepts one item and answers its id.</summary>
    public int ReceiveOne(TodoItem item)
    {
        ArgumentNullException.ThrowIfNull(item);
        Interlocked.Increment(ref _received);
        return item.Id;
    }
}
