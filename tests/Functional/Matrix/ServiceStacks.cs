using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Clients.Grpc;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Clients.Wcf;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Functional.Matrix;

/// <summary>
/// Every stack that offers <c>GetDataStream</c> (the WCF stand-ins, gRPC unary and server streaming) and the todo
/// operations (REST controllers, the WCF stand-ins, gRPC), with whether its client runs on TestServer.
/// </summary>
internal static class ServiceStacks
{
    public const string RestTodoId = "AspNetCore.Controllers/Newtonsoft";
    public const string GrpcTodoId = "Grpc/Protobuf";

    public static IReadOnlyList<(string Id, bool SupportsInMemory, Func<TargetEndpoints, IDataStreamClient> Create)> DataStream { get; } =
    [
        .. WcfStacks.Clients.Select(c => (c.Id, c.SupportsInMemory, (Func<TargetEndpoints, IDataStreamClient>)c.Create)),
        (GrpcStacks.UnaryId, false, e => new GrpcDataStreamClient(Http2(e), GrpcCallShape.Unary)),
        (GrpcStacks.ServerStreamingId, false, e => new GrpcDataStreamClient(Http2(e), GrpcCallShape.ServerStreaming)),
    ];

    public static IReadOnlyList<(string Id, bool SupportsInMemory, Func<TargetEndpoints, ITodoClient> Create)> Todo { get; } =
    [
        (RestTodoId, true, e => new RestTodoClient(e)),
        .. WcfStacks.Clients.Select(c => (c.Id, c.SupportsInMemory, (Func<TargetEndpoints, ITodoClient>)c.Create)),
        (GrpcTodoId, false, e => new GrpcTodoClient(Http2(e))),
    ];

    private static Uri Http2(TargetEndpoints endpoints) =>
        endpoints.Http2 ?? throw new InvalidOperationException("gRPC needs the h2c endpoint of a loopback host.");
}
