using System.Collections.Frozen;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Services.Todos;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// The stand-in service implementation behind every WCF endpoint, with its operation table. Its only state is the
/// host's shared <see cref="TodoStore"/> (the same instance REST and gRPC serve), which is thread-safe, so one
/// instance serves all connections concurrently.
/// </summary>
public sealed class WcfService
{
    private readonly TodoStore _todos;

    public WcfService(TodoStore todos)
    {
        ArgumentNullException.ThrowIfNull(todos);
        _todos = todos;
        Operations = WcfContract.Operations
            .Select(name => new WcfOperation(name, WcfContract.ParametersOf(name), WcfContract.ResultOf(name), Invoker(name)))
            .ToFrozenDictionary(o => o.Name, StringComparer.Ordinal);
        ByAction = Operations.Values.ToFrozenDictionary(o => o.Action, StringComparer.Ordinal);
    }

    /// <summary>Operations by name (WebHttp routes).</summary>
    public FrozenDictionary<string, WcfOperation> Operations { get; }

    /// <summary>Operations by SOAP action (BasicHttp and NetTcp dispatch).</summary>
    public FrozenDictionary<string, WcfOperation> ByAction { get; }

    private Func<object?[], object?> Invoker(string name) => name switch
    {
        WcfContract.EchoSmall => args => Required<List<SmallItem>>(args[0]),
        WcfContract.EchoLarge => args => Required<List<LargeItem>>(args[0]),
        WcfContract.GetDataStream => args => GetDataStream((int)args[0]!, (int)args[1]!),
        WcfContract.GetTodos => _ => _todos.Items as List<TodoItem> ?? [.. _todos.Items],
        WcfContract.FirstTodo => _ => _todos.First,
        WcfContract.SendTodos => args => _todos.Receive(Required<List<TodoItem>>(args[0])),
        WcfContract.SendTodo => args => _todos.ReceiveOne(Required<TodoItem>(args[0])),
        _ => throw new ArgumentOutOfRangeException(nameof(name), name, null),
    };

    // Bounds the answer: an unbounded range would let one small request allocate without limit.
    private static List<CompositeType> GetDataStream(int min, int max)
    {
        if (max < min || (long)max - min >= WcfLimits.MaxDataStreamItems)
        {
            throw new WcfFaultException(WcfFaultCode.Sender, $"GetDataStream needs min <= max and at most {WcfLimits.MaxDataStreamItems} items.");
        }

        return PayloadGenerator.Composite(min, max);
    }

    private static T Required<T>(object? argument) =>
        argument is T value ? value : throw new WcfFaultException(WcfFaultCode.Sender, $"The {typeof(T).Name} argument is missing (nil).");
}
