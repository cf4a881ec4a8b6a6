using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Targets.Clients.Wcf;

/// <summary>
/// The operations of the stand-in contract behind the uniform client shapes, like a WCF channel: each stand-in
/// only says how one call travels. A fault reply throws <see cref="WcfFaultException"/>.
/// </summary>
public abstract class WcfClient : IEchoClient, ITodoClient, IDataStreamClient
{
    /// <summary>How long one call may take, connecting included. <value>The default is 30 seconds.</value></summary>
    public static readonly TimeSpan DefaultTimeout = TimeSpan.FromSeconds(30);

    public abstract string Name { get; }

    public async Task<List<SmallItem>> EchoSmallAsync(List<SmallItem> items, CancellationToken cancellationToken) =>
        (List<SmallItem>)(await InvokeAsync(WcfContract.EchoSmall, [items], cancellationToken).ConfigureAwait(false))!;

    public async Task<List<LargeItem>> EchoLargeAsync(List<LargeItem> items, CancellationToken cancellationToken) =>
        (List<LargeItem>)(await InvokeAsync(WcfContract.EchoLarge, [items], cancellationToken).ConfigureAwait(false))!;

    public async Task<List<CompositeType>> GetDataStreamAsync(int min, int max, CancellationToken cancellationToken) =>
        (List<CompositeType>)(await InvokeAsync(WcfContract.GetDataStream, [min, max], cancellationToken).ConfigureAwait(false))!;

    public async Task<List<TodoItem>> GetAsync(CancellationToken cancellationToken) =>
        (List<TodoItem>)(await InvokeAsync(WcfContract.GetTodos, [], cancellationToken).ConfigureAwait(false))!;

    public async Task<TodoItem> FirstAsync(CancellationToken cancellationToken) =>
        (TodoItem)(await InvokeAsync(WcfContract.FirstTodo, [], cancellationToken).ConfigureAwait(false))!;

    public async Task<int> SendAsync(List<TodoItem> items, CancellationToken cancellationToken) =>
        (int)(await InvokeAsync(WcfContract.SendTodos, [items], cancellationToken).ConfigureAwait(false))!;

    public async Task<int> SendOneAsync(TodoItem item, CancellationToken cancellationToken) =>
        (int)(await InvokeAsync(WcfContract.SendTodo, [item], cancellationToken).ConfigureAwait(false))!;

    public abstract ValueTask DisposeAsync();

    /// <summary>Sends one call of <paramref name="operation"/> (a <see cref="WcfContract"/> name) and returns its result.</summary>
    protected internal abstract Task<object?> InvokeAsync(string operation, object?[] arguments, CancellationToken cancellationToken);
}
