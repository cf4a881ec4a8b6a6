using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// The names of the stand-in service contract <c>IWcfService</c>: the same operations on every WCF stand-in
/// (SOAP 1.1 over HTTP, WebHttp XML and JSON, NetTcp binary), so clients and tests share one vocabulary.
/// </summary>
public static class WcfContract
{
    /// <summary>The service contract's name, as in <c>[ServiceContract(Name = "IWcfService")]</c>.</summary>
    public const string Name = "IWcfService";

    /// <summary>The operation wrappers and parameters live in the data contracts' namespace.</summary>
    public const string Namespace = ContractNamespace.Value;

    /// <summary>Actions follow WCF's default shape <c>{namespace}/{contract}/{operation}</c>.</summary>
    public const string ActionPrefix = Namespace + "/" + Name + "/";

    public const string EchoSmall = nameof(EchoSmall);
    public const string EchoLarge = nameof(EchoLarge);
    public const string GetDataStream = nameof(GetDataStream);
    public const string GetTodos = nameof(GetTodos);
    public const string FirstTodo = nameof(FirstTodo);
    public const string SendTodos = nameof(SendTodos);
    public const string SendTodo = nameof(SendTodo);

    /// <summary>Every operation name, in contract order.</summary>
    public static IReadOnlyList<string> Operations { get; } = [EchoSmall, EchoLarge, GetDataStream, GetTodos, FirstTodo, SendTodos, SendTodo];

    /// <summary>The parameters of every operation, shared by the service's dispatcher and the clients.</summary>
    public static IReadOnlyList<WcfParameter> ParametersOf(string operation) => operation switch
    {
        EchoSmall => [new("items", typeof(List<SmallItem>))],
        EchoLarge => [new("items", typeof(List<LargeItem>))],
        GetDataStream => [new("min", typeof(int)), new("max", typeof(int))],
        GetTodos or FirstTodo => [],
        SendTodos => [new("items", typeof(List<TodoItem>))],
        SendTodo => [new("item", typeof(TodoItem))],
        _ => throw new ArgumentOutOfRangeException(nameof(operation), operation, "Not an operation of " + Name + "."),
    };

    /// <summary>The result type of every operation.</summary>
    public static Type ResultOf(string operation) => operation switch
    {
        EchoSmall => typeof(List<SmallItem>),
        EchoLarge => typeof(List<LargeItem>),
        GetDataStream => typeof(List<CompositeType>),
        GetTodos => typeof(List<TodoItem>),
        FirstTodo => typeof(TodoItem),
        SendTodos or SendTodo => typeof(int),
        _ => throw new ArgumentOutOfRangeException(nameof(operation), operation, "Not an operation of " + Name + "."),
    };
}
