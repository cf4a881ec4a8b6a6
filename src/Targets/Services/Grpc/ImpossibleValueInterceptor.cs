using Grpc.Core;
using Grpc.Core.Interceptors;
using PerfAssert.Targets.Protos;

namespace PerfAssert.Targets.Services.Grpc;

/// <summary>
/// Answers a well-formed request holding a value no contract can (a 17-byte Guid, a decimal scale of 29), for which
/// <see cref="ProtoValues"/> throws <see cref="FormatException"/>, with INVALID_ARGUMENT and the reason, instead of
/// grpc-dotnet's UNKNOWN for an exception from a handler: the caller sent a bad value, the server did not fail.
/// </summary>
public sealed class ImpossibleValueInterceptor : Interceptor
{
    public override async Task<TResponse> UnaryServerHandler<TRequest, TResponse>(TRequest request, ServerCallContext context, UnaryServerMethod<TRequest, TResponse> continuation)
    {
        ArgumentNullException.ThrowIfNull(continuation);
        try
        {
            return await continuation(request, context).ConfigureAwait(false);
        }
        catch (FormatException ex)
        {
            throw InvalidArgument(ex);
        }
    }

    public override async Task<TResponse> ClientStreamingServerHandler<TRequest, TResponse>(IAsyncStreamReader<TRequest> requestStream, ServerCallContext context, ClientStreamingServerMethod<TRequest, TResponse> continuation)
    {
        ArgumentNullException.ThrowIfNull(continuation);
        try
        {
            return await continuation(requestStream, context).ConfigureAwait(false);
        }
        catch (FormatException ex)
        {
            throw InvalidArgument(ex);
        }
    }

    public override async Task ServerStreamingServerHandler<TRequest, TResponse>(TRequest request, IServerStreamWriter<TResponse> responseStream, ServerCallContext context, ServerStreamingServerMethod<TRequest, TResponse> continuation)
    {
        ArgumentNullException.ThrowIfNull(continuation);
        try
        {
            await continuation(request, responseStream, context).ConfigureAwait(false);
        }
        catch (FormatException ex)
        {
            throw InvalidArgument(ex);
        }
    }

    private static RpcException InvalidArgument(FormatException ex) => new(new Status(StatusCode.InvalidArgument, ex.Message, ex));
}
