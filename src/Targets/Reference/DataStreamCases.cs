using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Clients.Grpc;
using PerfAssert.Targets.Clients.Wcf;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Reference;

/// <summary>
/// The NetTcp-vs-gRPC experiment: <c>GetDataStream(0, 42)</c> returns 43 CompositeType items; the client sums IntValue,
/// as the reference did. NetTcp tuned and default (the WCF stand-ins), gRPC unary with a repeated field and gRPC server streaming.
/// </summary>
public static class DataStreamCases
{
    private const int Min = 0;
    private const int Max = 42;
    private const int ExpectedSum = Max * (Max + 1) / 2;

    /// <summary>Every case, in a stable order.</summary>
    public static IReadOnlyList<NamedCase> All { get; } =
    [
        Case("WcfNetTcpTuned", e => WcfStacks.Clients.Single(c => c.Id == "Wcf.NetTcp/Tuned").Create(e)),
        Case("WcfNetTcpDefault", e => WcfStacks.Clients.Single(c => c.Id == "Wcf.NetTcp/Default").Create(e)),
        Case("GrpcUnary", e => new GrpcDataStreamClient(e.Http2!, GrpcCallShape.Unary)),
        Case("GrpcServerStreaming", e => new GrpcDataStreamClient(e.Http2!, GrpcCallShape.ServerStreaming)),
    ];

    /// <summary>Finds a case by name.</summary>
    public static NamedCase Get(string name) => All.FirstOrDefault(c => c.Name == name) ?? throw new KeyNotFoundException($"No data-stream case '{name}'.");

    private static NamedCase Case(string stack, Func<TargetEndpoints, IDataStreamClient> create) => new($"DataStream{stack}-{Max}", endpoints =>
    {
        var client = create(endpoints);
        return new BoundCase(
            async ct =>
            {
                var items = await client.GetDataStreamAsync(Min, Max, ct).ConfigureAwait(false);
                var sum = items.Sum(i => i.IntValue);
                if (sum != ExpectedSum)
                {
                    throw new InvalidOperationException($"GetDataStream({Min}, {Max}) on {stack} summed to {sum}, not {ExpectedSum}.");
                }
            },
            [client]);
    });
}
