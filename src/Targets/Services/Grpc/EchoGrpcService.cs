using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;
using PerfAssert.Targets.Services.Grpc.Server;

namespace PerfAssert.Targets.Services.Grpc;

/// <summary>
/// The echo service of echo.proto. Every method maps the request into the C# contracts and the answer back out of
/// them, so the server does the same work as the other stacks: deserialize the items, serialize them again.
/// </summary>
public static class EchoGrpcService
{
    public static void Map(IEndpointRouteBuilder endpoints, GrpcServerOptions options)
    {
        endpoints.MapGrpcUnary(GrpcMethods.EchoSmall, options, (request, _) => ProtoMapping.ToProto(ProtoMapping.ToContract(request)));
        endpoints.MapGrpcUnary(GrpcMethods.EchoLarge, options, (request, _) => ProtoMapping.ToProto(ProtoMapping.ToContract(request)));
        endpoints.MapGrpcServerStreaming(GrpcMethods.EchoSmallServerStream, options, (request, _) => ProtoMapping.ToContract(request).Select(ProtoMapping.ToProto));
        endpoints.MapGrpcServerStreaming(GrpcMethods.EchoLargeServerStream, options, (request, _) => ProtoMapping.ToContract(request).Select(ProtoMapping.ToProto));
        endpoints.MapGrpcClientStreaming(GrpcMethods.EchoSmallClientStream, options, async (requests, cancellationToken) =>
        {
            var items = new List<SmallItem>();
            await foreach (var message in requests.WithCancellation(cancellationToken).ConfigureAwait(false))
            {
                items.Add(ProtoMapping.ToContract(message));
            }

            return ProtoMapping.ToProto(items);
        });
        endpoints.MapGrpcClientStreaming(GrpcMethods.EchoLargeClientStream, options, async (requests, cancellationToken) =>
        {
            var items = new List<LargeItem>();
            await foreach (var message in requests.WithCancellation(cancellationToken).ConfigureAwait(false))
            {
                items.Add(ProtoMapping.ToContract(message));
            }

            return ProtoMapping.ToProto(items);
        });
    }
}
