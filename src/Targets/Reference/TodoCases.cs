using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Clients.Grpc;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Clients.Wcf;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Reference;

/// <summary>
/// The operations experiment: Get (all 5,000 todos), First, Send (all), SendOne on REST, the WCF text and NetTcp stand-ins
/// and gRPC, and gRPC's Get Streaming (one response message per todo) and Send Streaming (one request message per todo),
/// with 1 client and with 10 simultaneous clients (one call each per operation, awaited together).
/// </summary>
public static class TodoCases
{
    /// <summary>The client counts of the reference.</summary>
    public static IReadOnlyList<int> Concurrency { get; } = [1, 10];

    private static readonly List<TodoItem> Collection = PayloadGenerator.Todos();

    private static readonly (string Stack, Func<TargetEndpoints, ITodoClient> Create)[] Stacks =
    [
        ("WebApiJsonNet", e => new RestTodoClient(e)),
        ("WcfText", e => WcfStacks.Clients.Single(c => c.Id == "Wcf.BasicHttp/Text").Create(e)),
        ("WcfNetTcpTuned", e => WcfStacks.Clients.Single(c => c.Id == "Wcf.NetTcp/Tuned").Create(e)),
        ("GrpcUnary", e => new GrpcTodoClient(e.Http2!)),
    ];

    private static readonly (string Operation, Func<ITodoClient, CancellationToken, Task> Call)[] Operations =
    [
        ("Get", async (c, ct) => Expect((await c.GetAsync(ct).ConfigureAwait(false)).Count, Collection.Count, "Get")),
        ("First", async (c, ct) => Expect((await c.FirstAsync(ct).ConfigureAwait(false)).Id, 1, "First")),
        ("Send", async (c, ct) => Expect(await c.SendAsync(Collection, ct).ConfigureAwait(false), Collection.Count, "Send")),
        ("SendOne", async (c, ct) => Expect(await c.SendOneAsync(Collection[0], ct).ConfigureAwait(false), Collection[0].Id, "SendOne")),
    ];

    /// <summary>The stack name of gRPC's streaming operations, which only gRPC has: <c>TodoGetGrpcStreaming-c1</c>.</summary>
    public const string GrpcStreaming = "GrpcStreaming";

    private static readonly (string Operation, Func<ITodoClient, CancellationToken, Task> Call)[] StreamingOperations =
    [
        ("Get", async (c, ct) => Expect((await ((GrpcTodoClient)c).GetStreamingAsync(ct).ConfigureAwait(false)).Count, Collection.Count, "Get Streaming")),
        ("Send", async (c, ct) => Expect(await ((GrpcTodoClient)c).SendStreamingAsync(Collection, ct).ConfigureAwait(false), Collection.Count, "Send Streaming")),
    ];

    /// <summary>
    /// Every case: stack x operation x client count, named like <c>TodoFirstGrpcUnary-c10</c>, then gRPC's streaming
    /// operations, named like <c>TodoSendGrpcStreaming-c10</c>.
    /// </summary>
    public static IReadOnlyList<NamedCase> All { get; } =
    [
        .. from s in Stacks from o in Operations from n in Concurrency select Case(s.Stack, s.Create, o.Operation, o.Call, n),
        .. from o in StreamingOperations from n in Concurrency select Case(GrpcStreaming, e => new GrpcTodoClient(e.Http2!), o.Operation, o.Call, n),
    ];

    /// <summary>Finds a case by name.</summary>
    public static NamedCase Get(string name) => All.FirstOrDefault(c => c.Name == name) ?? throw new KeyNotFoundException($"No todo case '{name}'.");

    private static NamedCase Case(string stack, Func<TargetEndpoints, ITodoClient> create, string operation, Func<ITodoClient, CancellationToken, Task> call, int clients) =>
        new($"Todo{operation}{stack}-c{clients}", endpoints =>
        {
            var opened = Enumerable.Range(0, clients).Select(_ => create(endpoints)).ToList();
            Func<CancellationToken, Task> run = clients == 1
                ? ct => call(opened[0], ct)
                : ct => Task.WhenAll(opened.Select(c => call(c, ct)));
            return new BoundCase(run, opened);
        });

    private static void Expect(int actual, int expected, string operation)
    {
        if (actual != expected)
        {
            throw new InvalidOperationException($"Todo {operation} answered {actual}, expected {expected}.");
        }
    }
}
