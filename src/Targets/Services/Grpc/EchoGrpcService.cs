using Grpc.Core;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;

namespace PerfAssert.Targets.Services.Grpc;

/// <summary>
/// The Echo service of echo.proto. Every method maps the request into the C# contracts and the answer back out of
/// them, so the server does the same work as the other stacks: deserialize the items, serialize them again.
/// </summary>
public sealed class EchoGrpcService : Echo.EchoBase
{
    public override Task<SmallList> EchoSmall(SmallList request, ServerCallContext context) =>
        Task.FromResult(ProtoMapping.ToProto(ProtoMapping.ToContract(request)));

    public override Task<LargeList> EchoLarge(LargeList request, ServerCallContext context) =>
        Task.FromResult(ProtoMapping.ToProto(ProtoMapping.ToContract(request)));

    public override async Task EchoSmallServerStream(SmallList request, IServerStreamWriter<Small> responseStream, ServerCallContext context)
    {
        ArgumentNullException.ThrowIfNull(responseStream);
        foreach (var item in ProtoMapping.ToContract(request))
        {
            await responseStream.WriteAsync(ProtoMapping.ToProto(item), context.CancellationToken).ConfigureAwait(false);
        }
    }

    public override async Task EchoLargeServerStream(LargeList request, IServerStreamWriter<Large> responseStream, ServerCallContext context)
    {
        ArgumentNullException.ThrowIfNull(responseStream);
        foreach (var item in ProtoMapping.ToContract(request))
        {
            await responseStream.WriteAsync(ProtoMapping.ToProto(item), context.CancellationToken).ConfigureAwait(false);
        }
    }

    public override async Task<SmallList> EchoSmallClientStream(IAsyncStreamReader<Small> requestStream, ServerCallContext context)
    {
        var items = new List<SmallItem>();
        await foreach (var message in requestStream.ReadAllAsync(context.CancellationToken).ConfigureAwait(false))
        {
            items.Add(ProtoMapping.ToContract(message));
        }

        return ProtoMapping.ToProto(items);
    }

    public override async Task<LargeList> EchoLargeClientStream(IAsyncStreamReader<Large> requestStream, ServerCallContext context)
    {
        var items = new List<LargeItem>();
        await foreach (var message in requestStream.ReadAllAsync(context.CancellationToken).ConfigureAwait(false))
        {
            items.Add(ProtoMapping.ToContract(message));
        }

        return ProtoMapping.ToProto(items);
    }
}
